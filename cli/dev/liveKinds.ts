import { createHash } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ManifestResourceType } from "../../provider/manifest";
import { kinds } from "../../provider/kinds";

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
    { provider: kinds[type].provider as LiveProvider, secretProperties: kinds[type].secretInputs },
  ]),
);

/** The types `dev` can deploy, for messages. */
export const LIVE_TYPES = Object.keys(liveKinds) as ManifestResourceType[];

/** The kind `dev` deploys a resource of `type` with; throws naming the resource when `dev` does not deploy that type. */
export function liveKind(type: ManifestResourceType, resource: string): LiveKind {
  const kind = liveKinds[type];
  if (kind === undefined) {
    throw new Error(`dev deploys only ${LIVE_TYPES.join(", ")}; "${resource}" is a ${type}: deploy it with \`computeplatform up\` and reference its id instead`);
  }
  return kind;
}

/** The name of the temporary resource `dev` deploys for a resource named `name`. */
export function liveName(name: string): string {
  return `live-${name}`;
}

/** Outputs as the cache file keeps them: each secret property replaced by a digest that tells whether it changed. */
export function sealSecrets(kind: LiveKind, outputs: Record<string, unknown>): Record<string, unknown> {
  const sealed = { ...outputs };
  for (const property of kind.secretProperties) if (property in sealed) sealed[property] = seal(sealed[property]);
  return sealed;
}

/** The old outputs to diff `inputs` against: a sealed secret that `inputs` still holds is the value itself again. */
export function unsealSecrets(kind: LiveKind, outputs: Record<string, unknown>, inputs: Record<string, unknown>): Record<string, unknown> {
  const unsealed = { ...outputs };
  for (const property of kind.secretProperties) {
    if (property in inputs && unsealed[property] === seal(inputs[property])) unsealed[property] = inputs[property];
  }
  return unsealed;
}

function seal(value: unknown): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(value)).digest("hex")}`;
}
