import { type Accessor, Interpolation, type ManifestValue, type Reference, valueAt } from "../../provider/manifest";
import { UserError } from "../../provider/errors";

/** A deployed resource as references see it. */
export interface LiveResource {
  id: string;
  outputs: Record<string, unknown>;
}

/**
 * A manifest value with its references filled in, as `up` fills them: `${name.id}` and `${name.<output>}` from the
 * live resource deployed for `name`, `${config.<key>}` from `config`. A whole-string reference keeps its value's
 * type; inside a longer string a value that is not text is written as JSON.
 */
export async function resolveValue(
  value: ManifestValue,
  live: ReadonlyMap<string, LiveResource>,
  config: (key: string) => Promise<string>,
): Promise<unknown> {
  const reference = async ({ root, path }: Reference): Promise<unknown> => {
    if (root === "config") return config(String(path[0]));
    const resource = live.get(root);
    if (resource === undefined) throw new UserError(`\${${root}} is not deployed`);
    const [output, ...rest] = path as [string, ...Accessor[]];
    return valueAt(output === "id" ? resource.id : resource.outputs[output], rest);
  };
  if (value instanceof Interpolation) {
    if (value.whole) return reference(value.whole);
    const parts = await Promise.all(value.parts.map((part) => (typeof part === "string" ? part : reference(part))));
    return parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join("");
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveValue(item, live, config)));
  if (typeof value === "object" && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await resolveValue(item, live, config)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * Whether a manifest value reads a secret anywhere: a `${config.<key>}` reference (where secrets come from), or an
 * output of another resource that `secretOutput` says is secret, such as `${template.env.TOKEN}`.
 */
export function readsSecret(value: ManifestValue, secretOutput: (resource: string, output: string) => boolean): boolean {
  if (value instanceof Interpolation) {
    return value.references.some(({ root, path }) => root === "config" || (path.length > 0 && secretOutput(root, String(path[0]))));
  }
  if (Array.isArray(value)) return value.some((item) => readsSecret(item, secretOutput));
  if (typeof value === "object" && value !== null) return Object.values(value).some((item) => readsSecret(item, secretOutput));
  return false;
}
