import type { LiveCache } from "./cache";
import { liveKind, unsealSecrets } from "./liveKinds";

/**
 * `computeplatform dev --clean`: deletes every `live-` resource the cache holds, newest first so that endpoints go
 * before the templates, registries and volumes they use, and drops each entry once its resource is gone. Each is read
 * back first: one renamed elsewhere is no longer `dev`'s, and is left alone. Returns the number that could not be
 * deleted; they stay in the cache for the next attempt.
 */
export async function cleanLiveResources(cache: LiveCache, out: (line: string) => void): Promise<number> {
  const entries = cache.all().reverse();
  if (entries.length === 0) {
    out(`Nothing to clean: ${cache.file} lists no live resources.`);
    return 0;
  }
  out(`Deleting the ${entries.length} live- resources that ${cache.file} lists:`);
  let failed = 0;
  for (const [name, { type, id, outputs }] of entries) {
    try {
      const kind = liveKind(type, name);
      const { provider } = kind;
      const read = await provider.read(id, unsealSecrets(kind.secretProperties, outputs, {}) as never);
      const nameNow = read.id === "" ? undefined : (read.props as Record<string, unknown>).name;
      if (read.id !== "" && nameNow !== outputs.name) {
        out(`  left     ${type} ${id} (${name}): it is now named ${JSON.stringify(nameNow)}, not ${String(outputs.name)}`);
      } else {
        if (read.id !== "") await provider.delete(id, outputs as never);
        out(`  deleted  ${type} ${id} (${name})${read.id === "" ? ": it was already gone" : ""}`);
      }
      cache.delete(name);
    } catch (error) {
      failed++;
      out(`  failed   ${type} ${id} (${name}): ${(error as Error).message}`);
    }
  }
  return failed;
}
