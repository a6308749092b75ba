import * as fs from "node:fs";
import * as path from "node:path";
import { parseEnv } from "node:util";
import { UserError } from "../provider/errors";

/**
 * What a `.env` may set: this package's settings and the passphrase that unlocks the stack's secrets. A cloned
 * repository's `.env` is read without anyone looking at it, so it must not reach anything else, such as
 * `NODE_OPTIONS`, which would run code in every child process.
 */
const OWN_SETTING = /^(?:COMPUTEPLATFORM_\w+|PULUMI_CONFIG_PASSPHRASE(?:_FILE)?)$/;

/** This package's settings a `.env` may not set: they change what a budget sees, so they come from the user alone. */
const BUDGET_SETTINGS: readonly string[] = ["COMPUTEPLATFORM_STORAGE_PRICES"];

/** The settings that choose where the API key is sent: from a `.env`, only with the key from the same file. */
const DESTINATIONS: readonly string[] = ["COMPUTEPLATFORM_API_URL", "COMPUTEPLATFORM_JOB_URL"];
const API_KEY = "COMPUTEPLATFORM_API_KEY";

/** A name a warning may print: one that looks like a variable's. Anything else may be a line of some other file. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The `--env-file` option of the commands that read a `.env`, and its help line. */
export const envFileOption = { "env-file": { type: "string" } } as const;
export const envFileHelp = "  --env-file FILE       Read the settings from FILE instead of the manifest folder's .env, wherever it is.";

/**
 * Loads this package's settings from `<dir>/.env` (or the file the user named) into the environment, never
 * overriding a variable that is already set.
 *
 * - A `.env` that is a link to a file outside `dir` is not read (a repository can ship a link to the user's own
 *   files), with one warning; `envFile` reads any file, as the user named it.
 * - Other variables, and COMPUTEPLATFORM_STORAGE_PRICES (which changes what a budget sees), are left out with a
 *   warning that names them when they look like variable names, and never prints a value or a line.
 * - An API or job URL the file sets is used only with the API key from the same file: with the key from the shell,
 *   or none, it is refused, naming both sources, before anything is set. One it sets is announced.
 *
 * @param dir the manifest's folder.
 * @param options `envFile`: the file the user named (`--env-file`), read wherever it is; `warn`: where the warnings
 *   and announcements go, one line each. @default the folder's `.env`, and a line on stderr
 */
export function loadDotEnv(dir: string, options: { envFile?: string | undefined; warn?: (line: string) => void } = {}): DotEnvUrls {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const file = options.envFile === undefined ? projectDotEnv(dir, warn) : path.resolve(options.envFile);
  if (file === undefined) return { file: "", names: [] };
  const variables = Object.entries(parseEnv(readDotEnv(file, options.envFile !== undefined)));

  const ignored = variables.map(([name]) => name).filter((name) => !OWN_SETTING.test(name));
  if (ignored.length > 0) {
    const named = ignored.filter((name) => VARIABLE_NAME.test(name));
    const others = ignored.length - named.length;
    const what = [
      ...(named.length > 0 ? [named.join(", ")] : []),
      ...(others > 0 ? [`${others} ${others === 1 ? "entry" : "entries"} that are not variables`] : []),
    ];
    warn(
      `computeplatform: ignored ${what.join(" and ")} in ${file}: a .env sets only COMPUTEPLATFORM_* variables, ` +
        "PULUMI_CONFIG_PASSPHRASE and PULUMI_CONFIG_PASSPHRASE_FILE; set others in your shell",
    );
  }
  for (const name of variables.map(([name]) => name).filter((name) => BUDGET_SETTINGS.includes(name))) {
    warn(
      `computeplatform: ignored ${name} in ${file}: it changes what a budget sees, so it is read only from your shell or the stack config`,
    );
  }

  const applied = variables.filter(
    ([name, value]) => OWN_SETTING.test(name) && !BUDGET_SETTINGS.includes(name) && value !== undefined && process.env[name] === undefined,
  ) as Array<[string, string]>;
  const keyFromFile = applied.some(([name, value]) => name === API_KEY && value !== "");
  for (const [name, value] of applied) {
    if (!DESTINATIONS.includes(name) || value === "" || keyFromFile) continue;
    const key = process.env[API_KEY] ? `${API_KEY} from your shell` : `${API_KEY} does not`;
    throw new UserError(
      `${name} comes from ${file} but ${key}: a URL from a .env is used only with the key from the same .env; ` +
        `set ${API_KEY} in ${file} (and not in your shell), or set ${name} where the key comes from`,
    );
  }
  for (const [name, value] of applied) {
    process.env[name] = value;
    if (DESTINATIONS.includes(name) && value !== "") warn(`computeplatform: ${name} is ${withoutUserinfo(value)}, from ${file}`);
  }
  return { file, names: applied.filter(([name, value]) => DESTINATIONS.includes(name) && value !== "").map(([name]) => name) };
}

/** The URL settings a `.env` set (`names`), and the file (`file`): where the API key goes is known only with the stack config. */
export interface DotEnvUrls {
  file: string;
  names: string[];
}

/** The stack config key that wins over each URL variable, as the provider reads its settings. */
const CONFIG_KEY_OF: Readonly<Record<string, string>> = {
  COMPUTEPLATFORM_API_URL: "computeplatform:apiUrl",
  COMPUTEPLATFORM_JOB_URL: "computeplatform:jobUrl",
};

/**
 * Refuses a URL from a `.env` that the stack config's API key would be sent to. The provider reads each setting from
 * the stack config before the environment, so `computeplatform:apiKey` wins over the `.env`'s key and goes to the
 * `.env`'s URL, unless the stack config sets that URL too.
 * @param config the stack's config, by full key (`computeplatform:apiKey`).
 */
export function refuseStackKeyToDotEnvUrl(urls: DotEnvUrls, config: Readonly<Record<string, unknown>>, stack: string): void {
  if (!("computeplatform:apiKey" in config)) return;
  const name = urls.names.find((candidate) => !(CONFIG_KEY_OF[candidate]! in config));
  if (name === undefined) return;
  throw new UserError(
    `${name} comes from ${urls.file} but the API key from stack ${stack}'s config (computeplatform:apiKey): a URL from a ` +
      `.env is used only with the key from the same .env; remove computeplatform:apiKey from the stack's config, or set ` +
      `${CONFIG_KEY_OF[name]} there too`,
  );
}

/** The folder's `.env`, unless there is none or it is a link out of the folder (then with a warning). */
function projectDotEnv(dir: string, warn: (line: string) => void): string | undefined {
  const file = path.join(dir, ".env");
  let link: boolean;
  try {
    link = fs.lstatSync(file).isSymbolicLink();
  } catch {
    return undefined;
  }
  if (!link) return file;
  const target = realPath(file);
  const folder = realPath(dir) ?? path.resolve(dir);
  const relative = target === undefined ? ".." : path.relative(folder, target);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return file;
  warn(`computeplatform: not reading ${file}: it is a link to a file outside ${folder}; name the file with --env-file to read it`);
  return undefined;
}

function realPath(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

/** The file's text; a file the user named must exist. */
function readDotEnv(file: string, named: boolean): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UserError(named ? `cannot read --env-file ${file}: ${code}` : `cannot read ${file}: ${code}`);
  }
}

/** A URL without the user name and password it may carry. */
function withoutUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, "$1");
}
