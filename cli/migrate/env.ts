import { isV1Object, type V1Fields } from "./fields";
import type { ConversionContext } from "./kind";
import { secretReason } from "../secretRule";

/**
 * v1 `env`, an object or a list of `{key, value}`, as the v2 object of strings. A value that holds a secret, by its
 * name or by its value (`secretReason`), is read from stack config instead, as the manifest is meant to be
 * committed. Numbers and booleans become strings; the keys in `serviceKeys` are left out. Undefined when there is
 * nothing to set.
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
      continue;
    }
    const why = secretReason(name, String(setting));
    env[name] =
      why === undefined
        ? String(setting)
        : context.fromConfig(name, { reason: `env ${name} ${why}, so it is read from stack config`, placeholder: "<value>", secret: true });
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
