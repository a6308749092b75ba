import type { Deployment, OutputMap } from "@pulumi/pulumi/automation";

/** The key by which a checkpoint marks a value that is not plain JSON: a secret, asset, archive or resource reference. */
const SIGNATURE_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIGNATURE = "1b47061264138c4ac30d75fd1eb44270";

/**
 * The stack outputs of an exported checkpoint, as the Automation API's `stack.outputs()` gives them (each value with
 * `secret` when the output as a whole is a secret), which takes two `pulumi stack output` runs. Plain JSON is taken as
 * the checkpoint holds it; only when an output holds a special value (a secret to decrypt, an asset, an archive, a
 * resource reference) are the values read with `showValues`, `pulumi stack output --json --show-secrets`.
 */
export async function stackOutputs(state: Deployment, showValues: () => Promise<Record<string, unknown>>): Promise<OutputMap> {
  const stored = rootOutputs(state);
  const values = Object.values(stored).some(holdsSpecialValue) ? await showValues() : stored;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, secret: isSecret(stored[key]) }]));
}

/** The outputs of the checkpoint's root stack resource (`pulumi:pulumi:Stack`); none before the first update. */
function rootOutputs(state: Deployment): Record<string, unknown> {
  const resources = ((state.deployment as { resources?: unknown } | null)?.resources ?? []) as Array<{
    type: string;
    parent?: string;
    outputs?: Record<string, unknown>;
  }>;
  return resources.find((resource) => resource.type === "pulumi:pulumi:Stack" && !resource.parent)?.outputs ?? {};
}

function isSecret(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIGNATURE_KEY] === SECRET_SIGNATURE;
}

function holdsSpecialValue(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (SIGNATURE_KEY in value) return true;
  return Object.values(value).some(holdsSpecialValue);
}
