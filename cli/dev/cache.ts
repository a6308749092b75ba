import * as fs from "node:fs";
import * as path from "node:path";
import type { ManifestResourceType } from "../../provider/manifest";
import { writePrivateFile } from "../privateFile";
import { UserError } from "../../provider/errors";
import { isLiveName } from "./liveKinds";
import { userMark } from "./secretDigest";

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

/** An entry as the file holds it: with the mark that says `dev` deployed it for this user (see {@link entryMark}). */
interface MarkedEntry extends LiveEntry {
  mark: string;
}

interface CacheDocument {
  version: 1;
  /** By the resource's name in the manifest. */
  resources: Record<string, MarkedEntry>;
}

/** An entry of the file that `dev` did not deploy, as far as it can tell: left alone, and said so. */
export interface IgnoredEntry {
  /** The resource name the entry is filed under. */
  name: string;
  type: string;
  id: string;
}

/**
 * The `live-` resources deployed for one manifest, in `<manifest folder>/.computeplatform-dev.json`, so that a
 * restart reuses them. Every change is written at once, through a temporary file, so a crash loses nothing, and
 * readable by the user only (0600): the file holds ids and digests, but says which resources the account runs.
 */
export class LiveCache {
  readonly file: string;
  private readonly entries = new Map<string, LiveEntry>();
  /**
   * The entries of the file without a valid mark: a cache that came with the project, or one an earlier version
   * wrote. Their ids may be anyone's resources, so nothing is done to them; the next write leaves them out.
   */
  readonly ignored: readonly IgnoredEntry[];

  constructor(manifest: string) {
    this.file = path.join(path.dirname(path.resolve(manifest)), CACHE_FILE);
    const ignored: IgnoredEntry[] = [];
    for (const [name, stored] of Object.entries(readCache(this.file).resources)) {
      const { mark, ...entry } = (typeof stored === "object" && stored !== null ? stored : {}) as Partial<MarkedEntry>;
      if (isMarked(name, entry, mark)) this.entries.set(name, entry);
      else ignored.push({ name, type: String(entry.type), id: String(entry.id) });
    }
    this.ignored = ignored;
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
    const resources = Object.fromEntries([...this.entries].map(([name, entry]) => [name, { ...entry, mark: entryMark(name, entry) }]));
    const document: CacheDocument = { version: 1, resources };
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

/** Whether `entry` carries `mark`, its valid mark: which only this user's `dev` writes, for a `live-` resource. */
function isMarked(name: string, entry: Partial<LiveEntry>, mark: unknown): entry is LiveEntry {
  return (
    typeof entry.type === "string" &&
    typeof entry.id === "string" &&
    typeof entry.outputs === "object" &&
    entry.outputs !== null &&
    isLiveName(entry.outputs.name) &&
    mark === entryMark(name, entry as LiveEntry)
  );
}

/**
 * The mark of an entry: the user's keyed digest over what says which resource it is and that it is a `live-` one
 * (the resource name it is filed under, its type, its id and its `live-` name), so that a cache file written
 * elsewhere, which cannot carry it, never makes `dev` update or delete a resource.
 */
function entryMark(name: string, { type, id, outputs }: LiveEntry): string {
  return userMark("computeplatform dev deployed this live- resource", [name, type, id, outputs.name]);
}
