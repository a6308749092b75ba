import { isV1Object, type V1Fields } from "./fields";
import type { ConversionContext } from "./kind";

const SECRET_WORDS = ["PASSWORD", "PASSWD", "SECRET", "TOKEN", "CREDENTIAL", "CREDENTIALS", "APIKEY"];
const SECRET_KEY_QUALIFIERS = ["API", "ACCESS", "AUTH", "PRIVATE", "SECRET"];

/**
 * Whether an environment variable's name says it holds a secret: one of its words is PASSWORD, SECRET, TOKEN,
 * CREDENTIALS and the like, or KEY after API, ACCESS, AUTH, PRIVATE or SECRET. `HF_TOKEN` and `OPENAI_API_KEY`
 * do; `PUBLIC_KEY` and `MAX_TOKENS` do not.
 */
export function looksSecret(name: string): boolean {
  const words = name.toUpperCase().split(/[^A-Z0-9]+/);
  return words.some(
    (word, index) => SECRET_WORDS.includes(word) || (word === "KEY" && SECRET_KEY_QUALIFIERS.includes(words[index - 1] ?? "")),
  );
}

/**
 * v1 `env`, an object or a list of `{key, value}`, as the v2 object of strings. A value whose name looks secret
 * (see `looksSecret`) is read from stack config instead, as the manifest is meant to be committed. Numbers and
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
    } else if (looksSecret(name) && setting !== "") {
      env[name] = context.fromConfig(name, {
        reason: `env ${name} looks like a secret, so it is read from stack config`,
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
