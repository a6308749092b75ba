import * as fs from "node:fs";
import * as path from "node:path";
import type { ManifestResourceType } from "../../provider/manifest";
import { writePrivateFile } from "../privateFile";
import { UserError } from "../../provider/errors";

/** Name of the cache file `computeplatform dev` keeps beside the manifest. Add it to `.gitignore`. */
export const CACHE_FILE = ".computeplatform-dev.json";

/** One `live-` resource that `dev` deployed for a resource of the manifest. */
export interface LiveEntry {
  type: ManifestResourceType;
  id: string;
  /**
   * The provider's outputs, as `diff` needs them as the old state after a restart (read back from the API first),
   * each secret replaced by a keyed digest (`sealSecrets`), so that the file holds no secret, not even one hashed.
   */
  outputs: Record<string, unknown>;
}

interface CacheDocument {
  version: 1;
  /** By the resource's name in the manifest. */
  resources: Record<string, LiveEntry>;
}

/**
 * The `live-` resources deployed for one manifest, in `<manifest folder>/.computeplatform-dev.json`, so that a
 * restart reuses them. Every change is written at once, through a temporary file, so a crash loses nothing, and
 * readable by the user only (0600): the file holds ids and digests, but says which resources the account runs.
 */
export class LiveCache {
  readonly file: string;
  private readonly entries: Map<string, LiveEntry>;

  constructor(manifest: string) {
    this.file = path.join(path.dirname(path.resolve(manifest)), CACHE_FILE);
    this.entries = new Map(Object.entries(readCache(this.file).resources));
  }

  get(name: string): LiveEntry | undefined {
    return this.entries.get(name);
  }

  /** Every entry, by resource name, in the order they were deployed. */
  all(): Array<[string, LiveEntry]> {
    return [...this.entries];
  }

  set(name: string, entry: LiveEntry): void {
    this.entries.set(name, entry);
    this.save();
  }

  delete(name: string): void {
    if (this.entries.delete(name)) this.save();
  }

  private save(): void {
    if (this.entries.size === 0) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    const document: CacheDocument = { version: 1, resources: Object.fromEntries(this.entries) };
    writePrivateFile(this.file, `${JSON.stringify(document, null, 2)}\n`);
  }
}

function readCache(file: string): CacheDocument {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, resources: {} };
    throw error;
  }
  const document = JSON.parse(text) as Partial<CacheDocument>;
  if (document.version !== 1 || typeof document.resources !== "object" || document.resources === null) {
    throw new UserError(`${file} is not a computeplatform dev cache; delete it (its live- resources are then no longer tracked)`);
  }
  return document as CacheDocument;
}
