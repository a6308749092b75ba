import type { KindName } from "../../provider/kindRegistry";

/**
 * The kinds `import` reads, in the order the manifest lists them (what others reference first), each with the word
 * its logical names fall back on (`pod-2-gpu`, `trainer-endpoint`).
 */
export const IMPORT_KINDS = {
  Registry: "registry",
  RegistryDelegation: "delegation",
  AccountSshKeys: "ssh-keys",
  NetworkVolume: "volume",
  Template: "template",
  Pod: "pod",
  Cluster: "cluster",
  ServerlessEndpoint: "endpoint",
} as const satisfies Partial<Record<KindName, string>>;

/** A kind `import` reads. */
export type ImportKind = keyof typeof IMPORT_KINDS;

export const IMPORT_KIND_NAMES = Object.keys(IMPORT_KINDS) as ImportKind[];

/**
 * The kinds `--kinds` names, comma separated (`Pod,NetworkVolume`); every kind when it is undefined.
 * @throws Error naming the valid kinds when one is not among them.
 */
export function parseKinds(list: string | undefined): ImportKind[] {
  if (list === undefined) return IMPORT_KIND_NAMES;
  const named = list
    .split(",")
    .map((kind) => kind.trim())
    .filter((kind) => kind !== "");
  const unknown = named.filter((kind) => !(IMPORT_KIND_NAMES as string[]).includes(kind));
  if (unknown.length > 0 || named.length === 0) {
    const what =
      unknown.length > 0 ? `unknown kind${unknown.length > 1 ? "s" : ""} ${unknown.map((kind) => `"${kind}"`).join(", ")}` : "no kind";
    throw new Error(`--kinds: ${what}; the kinds are ${IMPORT_KIND_NAMES.join(", ")}`);
  }
  return IMPORT_KIND_NAMES.filter((kind) => named.includes(kind));
}
