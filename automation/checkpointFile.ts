import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { Deployment } from "@pulumi/pulumi/automation";

/** The variants of a checkpoint file a file backend may write, as the CLI orders them when their times are equal. */
const VARIANTS = [".json", ".json.gz", ".json.zst"];
/** A stack name without organization or project, which a file backend uses as the file's name as it is. */
const PLAIN_NAME = /^[A-Za-z0-9_.-]+$/;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
/** The checkpoint version `pulumi stack export` prints as stored; older ones it migrates, newer ones carry features. */
const STORED_AS_EXPORTED = 3;

/**
 * Where a stack's checkpoint is on a `file://` backend, found as the CLI finds it: the newest of `<stack>.json`,
 * `.json.gz` and `.json.zst` under `.pulumi/stacks/<project>/`, in the layout `.pulumi/meta.yaml` names version 1.
 * `null` when the stack has none, i.e. does not exist (also when the backend holds no state at all); undefined when
 * only the CLI can tell: another backend, a name with an organization or project, or another layout (the legacy one,
 * which the CLI refuses unless told to ignore that it is deprecated).
 */
export function checkpointFile(backendUrl: string, projectName: string, stackName: string): string | null | undefined {
  if (!backendUrl.startsWith("file://") || !PLAIN_NAME.test(stackName)) return undefined;
  const bookkeeping = path.join(fileURLToPath(backendUrl), ".pulumi");
  if (!fs.existsSync(bookkeeping)) return null;
  const meta = path.join(bookkeeping, "meta.yaml");
  if (!fs.existsSync(meta) || !/^version:\s*1\s*$/m.test(fs.readFileSync(meta, "utf8"))) return undefined;
  return newest(path.join(bookkeeping, "stacks", projectName, stackName)) ?? null;
}

/** The most recently written variant of the checkpoint at `base` (without extension), if any. */
function newest(base: string): string | undefined {
  let found: { file: string; time: number } | undefined;
  for (const variant of VARIANTS) {
    const stat = fs.statSync(base + variant, { throwIfNoEntry: false });
    if (stat?.isFile() && (found === undefined || stat.mtimeMs >= found.time)) found = { file: base + variant, time: stat.mtimeMs };
  }
  return found?.file;
}

/**
 * What `pulumi stack export` prints of the checkpoint `file` (`{ version, deployment }`, secrets encrypted as
 * stored), read without starting it; undefined when only the CLI can say it: a zstd-compressed file, or a
 * checkpoint version it would migrate (older) or check features of (newer).
 */
export function exportedCheckpoint(file: string): Deployment | undefined {
  let bytes = fs.readFileSync(file);
  if (bytes.subarray(0, ZSTD_MAGIC.length).equals(ZSTD_MAGIC)) return undefined;
  if (bytes.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) bytes = gunzipSync(bytes);
  let stored: { version?: unknown; checkpoint?: { latest?: unknown } };
  try {
    stored = JSON.parse(bytes.toString("utf8")) as typeof stored;
  } catch {
    return undefined; // the CLI's own error says what is wrong with the file
  }
  if (stored.version !== STORED_AS_EXPORTED) return undefined;
  return { version: STORED_AS_EXPORTED, deployment: stored.checkpoint?.latest ?? null };
}
