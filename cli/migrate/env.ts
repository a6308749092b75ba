import { isV1Object, type V1Fields } from "./fields";
import type { ConversionContext } from "./kind";

/** Parts of a name that say it holds a secret wherever they are: `DB_PASS`, `PASSWORD`, `CLIENT_SECRET`, `GCP_CREDENTIALS`. */
const SECRET_PARTS = /PASS|SECRET|CREDENTIAL/;

/**
 * Whether an environment variable's name says it holds a secret. Its words are split at `_`, `-` and the like and
 * at camelCase humps; it holds one when it contains PASS, SECRET or CREDENTIAL anywhere, when a word ends in TOKEN
 * or APIKEY, or when KEY is a word after the first one and not after PUBLIC. `HF_TOKEN`, `DB_PASS`, `OPENAI_KEY`,
 * `openaiKey` and `AWS_ACCESS_KEY_ID` do; `PUBLIC_KEY`, `MAX_TOKENS` and `KEY` do not.
 */
export function looksSecret(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase()
    .split(/[^A-Z0-9]+/);
  return words.some(
    (word, index) =>
      SECRET_PARTS.test(word) ||
      word.endsWith("TOKEN") ||
      word.endsWith("APIKEY") ||
      (word === "KEY" && index > 0 && words[index - 1] !== "PUBLIC"),
  );
}

/** Whether `value` is a URL that holds a user name or password, such as `postgres://app:hunter2@db/app`. */
export function holdsCredentials(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.username !== "" || url.password !== "";
}

/**
 * v1 `env`, an object or a list of `{key, value}`, as the v2 object of strings. A value whose name looks secret
 * (see `looksSecret`), or that is a URL with credentials, is read from stack config instead, as the manifest is
 * meant to be committed. Numbers and
 * booleans become strings; the keys in `serviceKeys` are left out. Undefined when there is nothing to set.
 */
export function readEnv(
  fields: V1Fields,
  context: ConversionContext,
  serviceKeys: readonly string[] = [],
): Record<string, string> | undefined {
  const value = fields.value("env");
  if (value === undefined || value === null) return undefined;
  const entries = envEntries(value);
  if (entries === undefined) {
    context.warn(`"env" is neither an object nor a list of {key, value}; dropped`);
    return undefined;
  }
  const env: Record<string, string> = {};
  for (const [name, setting] of entries.filter(([name]) => !serviceKeys.includes(name))) {
    if (typeof setting !== "string" && typeof setting !== "number" && typeof setting !== "boolean") {
      context.warn(`"env" entry "${name}" is not a string; dropped`);
    } else if (setting !== "" && (looksSecret(name) || holdsCredentials(String(setting)))) {
      const why = looksSecret(name) ? "looks like a secret" : "is a URL with credentials";
      env[name] = context.fromConfig(name, {
        reason: `env ${name} ${why}, so it is read from stack config`,
        placeholder: "<value>",
        secret: true,
      });
    } else {
      env[name] = String(setting);
    }
  }
  return Object.keys(env).length > 0 ? env : undefined;
}

function envEntries(value: unknown): [string, unknown][] | undefined {
  if (isV1Object(value)) return Object.entries(value);
  if (Array.isArray(value) && value.every((item) => isV1Object(item) && typeof item.key === "string")) {
    return (value as { key: string; value: unknown }[]).map((item) => [item.key, item.value]);
  }
  return undefined;
}
