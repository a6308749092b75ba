/** Ids of the resources a manifest declares, by id, with their logical names. */
export type DeclaredIds = ReadonlyMap<string, string>;

/** `${name.id}` for an id the manifest declares; the id itself otherwise. */
function referenceTo(id: unknown, declared: DeclaredIds): unknown {
  const name = typeof id === "string" ? declared.get(id) : undefined;
  return name === undefined ? id : `\${${name}.id}`;
}

/**
 * The arguments with every id of a resource the manifest declares written as a reference to it: a registry
 * credential (`registry`), a template (`templateId`), network volumes (`networkVolumes`, `mounts.network[].volumeId`).
 * Ids of resources the manifest does not declare (a public template, a resource left out) stay ids.
 */
export function withReferences(args: Record<string, unknown>, declared: DeclaredIds): Record<string, unknown> {
  const rewritten = { ...args };
  for (const key of ["registry", "templateId"]) if (key in rewritten) rewritten[key] = referenceTo(rewritten[key], declared);
  if (Array.isArray(rewritten.networkVolumes)) rewritten.networkVolumes = rewritten.networkVolumes.map((id) => referenceTo(id, declared));
  const mounts = rewritten.mounts as { network?: unknown } | undefined;
  if (mounts !== undefined && Array.isArray(mounts.network)) {
    rewritten.mounts = {
      ...mounts,
      network: (mounts.network as Record<string, unknown>[]).map((mount) => ({
        ...mount,
        volumeId: referenceTo(mount.volumeId, declared),
      })),
    };
  }
  return rewritten;
}
