import type { Deployment, OutputMap } from "@pulumi/pulumi/automation";
import { isSecretForm, SIGNATURE_KEY } from "../provider/plugin/secretSignature";
import { stateResources } from "./stateResources";

/**
 * The stack outputs of an exported checkpoint, as the Automation API's `stack.outputs()` gives them (each value with
 * `secret` when the output as a whole is a secret), which takes two `pulumi stack output` runs. Plain JSON is taken as
 * the checkpoint holds it; only when an output holds a special value (a secret to decrypt, an asset, an archive, a
 * resource reference) are the values read with `showValues`, `pulumi stack output --json --show-secrets`.
 */
export async function stackOutputs(state: Deployment, showValues: () => Promise<Record<string, unknown>>): Promise<OutputMap> {
  const stored = rootOutputs(state);
  const values = Object.values(stored).some(holdsSpecialValue) ? await showValues() : stored;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, secret: isSecretForm(stored[key]) }]));
}

/** The outputs of the checkpoint's root stack resource (`pulumi:pulumi:Stack`); none before the first update. */
function rootOutputs(state: Deployment): Record<string, unknown> {
  return stateResources(state).find((resource) => resource.type === "pulumi:pulumi:Stack" && !resource.parent)?.outputs ?? {};
}

/** Whether a value is not plain JSON: the signature key marks a secret, asset, archive or resource reference. */
function holdsSpecialValue(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (SIGNATURE_KEY in value) return true;
  return Object.values(value).some(holdsSpecialValue);
}
