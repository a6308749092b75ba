import type * as dynamic from "@pulumi/pulumi/dynamic";
import { getConfig } from "@pulumi/pulumi/runtime/config";
import { ComputePlatformError } from "./errors";

/** Where the provider sends requests and with which key. */
export interface Settings {
  apiKey: string;
  /** Base URL of the REST API, without `/v2`. */
  apiUrl: string;
  /** Base URL of the job API, without `/v2`. Defaults to `apiUrl`. */
  jobUrl: string;
  /** The storage table's overrides, as JSON: volume type → USD per GB-month. Unset: the defaults. */
  storagePrices?: string;
}

type SettingName = keyof Settings;

const sources: Record<SettingName, { configKey: string; envVar: string }> = {
  apiKey: { configKey: "computeplatform:apiKey", envVar: "COMPUTEPLATFORM_API_KEY" },
  apiUrl: { configKey: "computeplatform:apiUrl", envVar: "COMPUTEPLATFORM_API_URL" },
  jobUrl: { configKey: "computeplatform:jobUrl", envVar: "COMPUTEPLATFORM_JOB_URL" },
  storagePrices: { configKey: "computeplatform:storagePrices", envVar: "COMPUTEPLATFORM_STORAGE_PRICES" },
};

// Module state of the provider process only: the engine hands the stack config to `configure`.
let stackConfig: Partial<Settings> = {};

/** The dynamic providers' `configure`: keeps the stack's `computeplatform:*` settings for this process. */
export async function configure(request: dynamic.ConfigureRequest): Promise<void> {
  stackConfig = {};
  for (const name of Object.keys(sources) as SettingName[]) {
    const value = request.config.get(sources[name].configKey);
    if (value) stackConfig[name] = value;
  }
}

/** Thrown when a setting is in neither the stack config nor the environment. */
export class MissingSettingError extends ComputePlatformError {
  override readonly name = "MissingSettingError";
  constructor(setting: SettingName) {
    const { configKey, envVar } = sources[setting];
    // A secret is typed at the prompt: a value written after the key would stay in the shell's history and `ps`.
    const command =
      setting === "apiKey"
        ? `\`pulumi config set --secret ${configKey}\` (it prompts for the value)`
        : `\`pulumi config set ${configKey} <value>\``;
    super(`${setting} is not set: run ${command} or set the environment variable ${envVar}`);
  }
}

/**
 * Resolves the settings now, never cached: from the stack config first (handed to `configure` in the
 * provider process; read directly in the program process, where data functions run), then the environment.
 */
export function resolveSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const read = (name: SettingName) => setting(name, env);
  const apiKey = read("apiKey");
  if (!apiKey) throw new MissingSettingError("apiKey");
  const apiUrl = read("apiUrl");
  if (!apiUrl) throw new MissingSettingError("apiUrl");
  const storagePrices = read("storagePrices");
  return { apiKey, apiUrl, jobUrl: read("jobUrl") ?? apiUrl, ...(storagePrices === undefined ? {} : { storagePrices }) };
}

/** One setting now, as {@link resolveSettings} reads it; undefined when it is set nowhere. */
export function setting(name: SettingName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return stackConfig[name] ?? (getConfig(sources[name].configKey) || env[sources[name].envVar] || undefined);
}

/**
 * Where a setting's value comes from now, as {@link setting} reads it: its stack config key or its environment
 * variable; undefined when it is set nowhere.
 */
export function settingOrigin(name: SettingName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { configKey, envVar } = sources[name];
  if (stackConfig[name] ?? getConfig(configKey)) return configKey;
  return env[envVar] ? envVar : undefined;
}

/** Where a setting is read from: its stack config key and its environment variable. */
export function settingSource(name: SettingName): { configKey: string; envVar: string } {
  return sources[name];
}
