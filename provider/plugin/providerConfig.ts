import { configure as configureSettings, type Settings } from "../config";
import { PACKAGE } from "./resources";
import { type Properties, withSecrets } from "./properties";
import { UserError } from "../errors";

/** The provider's own config: the same settings as stack config `computeplatform:<name>`, per provider instance. */
export const CONFIG_NAMES = ["apiUrl", "apiKey", "jobUrl", "storagePrices"] as const satisfies ReadonlyArray<keyof Settings>;

/** Config that never reaches state in plain text. */
export const SECRET_CONFIG: ReadonlyArray<(typeof CONFIG_NAMES)[number]> = ["apiKey"];

/** A provider resource's checked config: `apiKey` kept secret even when it was written in plain text. */
export function checkConfig(news: Properties): Properties {
  return withSecrets(news, SECRET_CONFIG);
}

/** The settings that differ between two configs of a provider instance; none means the instance is unchanged. */
export function changedConfig(olds: Properties, news: Properties): string[] {
  return CONFIG_NAMES.filter((name) => olds[name] !== news[name]);
}

/**
 * Hands this provider instance's config to the same `configure` the dynamic resources use, as stack config
 * `computeplatform:<name>` would: each instance runs in its own process, so an explicit provider with its own key
 * and URL works beside the default one. A setting left out falls back to the environment.
 */
export async function configure(args: Properties): Promise<void> {
  const values = new Map<string, string>();
  for (const name of CONFIG_NAMES) {
    const value = args[name];
    if (typeof value === "string" && value !== "") values.set(`${PACKAGE}:${name}`, value);
  }
  const get = (key: string) => values.get(key);
  await configureSettings({
    config: {
      get,
      require: (key) => {
        const value = get(key);
        if (value === undefined) throw new UserError(`Missing required configuration key: ${key}`);
        return value;
      },
    },
  });
}
