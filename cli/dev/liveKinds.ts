import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ManifestResourceType } from "../../provider/manifest";
import { kinds } from "../../provider/kindRegistry";
import { isDigestOf, secretDigest } from "./secretDigest";
import { UserError } from "../../provider/errors";

/** The provider methods `dev` drives: the same modules `up` runs through the Pulumi engine. */
export interface LiveProvider {
  check(olds: object, news: object): Promise<dynamic.CheckResult>;
  diff(id: string, olds: never, news: never): Promise<dynamic.DiffResult>;
  create(inputs: never): Promise<dynamic.CreateResult>;
  read(id: string, props: never): Promise<dynamic.ReadResult>;
  update?(id: string, olds: never, news: never): Promise<dynamic.UpdateResult>;
  delete(id: string, props: never): Promise<void>;
}

/** A type `dev` deploys, with the properties whose values never reach its cache file in plain text. */
interface LiveKind {
  provider: LiveProvider;
  secretProperties: readonly string[];
}

/** Serverless endpoints, and what an endpoint references: templates, registry credentials and network volumes. */
const liveKinds: Partial<Record<ManifestResourceType, LiveKind>> = Object.fromEntries(
  (["ServerlessEndpoint", "Template", "Registry", "NetworkVolume"] as const).map((type) => [
    type,
    {
      provider: kinds[type].provider as LiveProvider,
      secretProperties: [...new Set([...kinds[type].secretInputs, ...kinds[type].secretOutputs])],
    },
  ]),
);

/** The types `dev` can deploy, for messages. */
export const LIVE_TYPES = Object.keys(liveKinds) as ManifestResourceType[];

/** The kind `dev` deploys a resource of `type` with; throws naming the resource when `dev` does not deploy that type. */
export function liveKind(type: ManifestResourceType, resource: string): LiveKind {
  const kind = liveKinds[type];
  if (kind === undefined) {
    throw new UserError(
      `dev deploys only ${LIVE_TYPES.join(", ")}; "${resource}" is a ${type}: deploy it with \`computeplatform up\` and reference its id instead`,
    );
  }
  return kind;
}

/** The name of the temporary resource `dev` deploys for a resource named `name`. */
export function liveName(name: string): string {
  return `live-${name}`;
}

/** Whether `name` is one {@link liveName} gives: the name of a resource `dev` deploys. */
export function isLiveName(name: unknown): boolean {
  return typeof name === "string" && name.startsWith("live-");
}

/**
 * The properties of a resource whose values never reach the cache file: its kind's secret properties (`env` among
 * them) and `readsSecret`, those whose value in the manifest reads a secret (stack config, or another resource's
 * secret).
 */
export function secretProperties(kind: LiveKind, readsSecret: readonly string[]): string[] {
  return [...new Set([...kind.secretProperties, ...readsSecret])];
}

/** Outputs as the cache file keeps them: each of `secrets` replaced by a keyed digest that tells whether it changed. */
export function sealSecrets(secrets: readonly string[], outputs: Record<string, unknown>): Record<string, unknown> {
  const sealed = { ...outputs };
  for (const property of secrets) if (property in sealed) sealed[property] = secretDigest(sealed[property]);
  return sealed;
}

/**
 * The old outputs to read and diff `inputs` against: a sealed secret that `inputs` still holds is the value itself
 * again; one that changed is left out, for the read to bring back from the API, since a digest passed on would be
 * taken for the value.
 */
export function unsealSecrets(
  secrets: readonly string[],
  outputs: Record<string, unknown>,
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  const unsealed = { ...outputs };
  for (const property of secrets) {
    if (!(property in unsealed)) continue;
    if (property in inputs && isDigestOf(unsealed[property], inputs[property])) unsealed[property] = inputs[property];
    else delete unsealed[property];
  }
  return unsealed;
}
