import { createHash, createHmac, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createPrivateFile } from "../privateFile";
import { UserError } from "../../provider/errors";

/** The prefix of every digest, so that a cache file says what its values are. */
const ALGORITHM = "hmac-sha256";

/** Bytes of the key: as many as the hash's output. */
const KEY_BYTES = 32;

/**
 * The file that holds the key of {@link secretDigest}: `digest.key` in this package's folder of the user's config,
 * `$XDG_CONFIG_HOME/computeplatform`, else `~/.config/computeplatform`. Never inside a project, so it is never
 * committed or shared with one.
 */
function digestKeyFile(): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "computeplatform", "digest.key");
}

/** Keys read this process, by file. */
const keys = new Map<string, Buffer>();

/**
 * A digest of `value` that tells whether a secret changed without giving the secret away: an HMAC-SHA256 keyed with
 * a random key of this user's ({@link digestKeyFile}, 0600 in a 0700 folder, created on first use). Unlike a plain
 * hash, it cannot be reversed with a dictionary by whoever reads the digest but not the key.
 *
 * @param value any JSON value: the same value always gives the same digest for the same user.
 */
export function secretDigest(value: unknown): string {
  return `${ALGORITHM}:${createHmac("sha256", userKey()).update(JSON.stringify(value)).digest("hex")}`;
}

/**
 * A mark that only this user can make, over `value` for `purpose`: an HMAC-SHA256 with the key of
 * {@link secretDigest}. The purpose comes first and never starts as JSON does, so no secret's digest is ever a mark.
 *
 * @param purpose what the mark vouches for, in words.
 * @param value any JSON value.
 */
export function userMark(purpose: string, value: unknown): string {
  return `${ALGORITHM}:${createHmac("sha256", userKey())
    .update(`${purpose}\n${JSON.stringify(value)}`)
    .digest("hex")}`;
}

function userKey(): Buffer {
  const file = digestKeyFile();
  let key = keys.get(file);
  if (key === undefined) keys.set(file, (key = readOrCreateKey(file)));
  return key;
}

/**
 * Whether `digest`, as a cache file holds it, is the digest of `value`: a {@link secretDigest}, or the plain SHA-256
 * that caches of earlier versions hold, so that upgrading does not count every cached credential as changed (which
 * would replace it); the next write of the entry keeps only the keyed digest.
 *
 * @param digest the cached value.
 * @param value the value it may stand for.
 */
export function isDigestOf(digest: unknown, value: unknown): boolean {
  return digest === secretDigest(value) || digest === `sha256:${createHash("sha256").update(JSON.stringify(value)).digest("hex")}`;
}

function readOrCreateKey(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  createPrivateFile(file, `${randomBytes(KEY_BYTES).toString("hex")}\n`);
  const { mode } = fs.statSync(file);
  if ((mode & 0o077) !== 0) {
    throw new UserError(
      `${file} is readable by other users (mode ${(mode & 0o777).toString(8)}); make it private with \`chmod 600 ${file}\``,
    );
  }
  const text = fs.readFileSync(file, "utf8").trim();
  if (!new RegExp(`^[0-9a-f]{${KEY_BYTES * 2}}$`).test(text)) {
    throw new UserError(
      `${file} does not hold a key of computeplatform dev; delete it and a new one is made (dev caches made with the old key are then ignored: delete their live- resources yourself)`,
    );
  }
  return Buffer.from(text, "hex");
}
