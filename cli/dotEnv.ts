import * as fs from "node:fs";
import * as path from "node:path";
import { parseEnv } from "node:util";

/**
 * What a `.env` may set: this package's settings and the passphrase that unlocks the stack's secrets. A cloned
 * repository's `.env` is read without anyone looking at it, so it must not reach anything else, such as
 * `NODE_OPTIONS`, which would run code in every child process.
 */
const OWN_SETTING = /^(?:COMPUTEPLATFORM_\w+|PULUMI_CONFIG_PASSPHRASE(?:_FILE)?)$/;

/** The settings that choose where the API key is sent, so that the user is told when a `.env` chooses. */
const DESTINATIONS: readonly string[] = ["COMPUTEPLATFORM_API_URL", "COMPUTEPLATFORM_JOB_URL"];

/**
 * Loads this package's settings from `<dir>/.env` into the environment, never overriding a variable that is
 * already set. Other variables in the file are left out, with one warning that names them (never their values);
 * an API or job URL the file sets is announced, so that the key never goes to a server the user did not choose
 * without a word.
 *
 * @param dir the manifest's folder.
 * @param warn where the warning and the announcements go, one line each. @default a line on stderr
 */
export function loadDotEnv(dir: string, warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  const file = path.join(dir, ".env");
  if (!fs.existsSync(file)) return;
  const variables = Object.entries(parseEnv(fs.readFileSync(file, "utf8")));
  const ignored = variables.map(([name]) => name).filter((name) => !OWN_SETTING.test(name));
  if (ignored.length > 0) {
    warn(
      `computeplatform: ignored ${ignored.join(", ")} in ${file}: a .env sets only COMPUTEPLATFORM_* variables, ` +
        "PULUMI_CONFIG_PASSPHRASE and PULUMI_CONFIG_PASSPHRASE_FILE; set others in your shell",
    );
  }
  for (const [name, value] of variables) {
    if (!OWN_SETTING.test(name) || value === undefined || process.env[name] !== undefined) continue;
    process.env[name] = value;
    if (DESTINATIONS.includes(name) && value !== "") warn(`computeplatform: ${name} is ${withoutUserinfo(value)}, from ${file}`);
  }
}

/** A URL without the user name and password it may carry. */
function withoutUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, "$1");
}
