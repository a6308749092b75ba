import { parseArgs } from "node:util";
import { UserError } from "../../provider/errors";
import { envFileOption } from "../dotEnv";
import { parseStackName } from "../stackName";

/** What `computeplatform dev` was asked to do. */
export interface DevOptions {
  /** The manifest whose serverless endpoints the gateway serves. @default "manifest.yaml" */
  manifest: string;
  /** Address to bind. Anything but a loopback address needs `allowRemote`. @default "localhost" */
  host: string;
  /** First port to try; when it is busy, the next ones are tried. 1 to 65535. @default 8888 */
  port: number;
  /** Pick up edits of the manifest without a restart. @default true */
  reload: boolean;
  /** Deploy every endpoint at startup instead of on its first call. @default false */
  autoProvision: boolean;
  /** Answer yes to the confirmation `autoProvision` asks before deploying more than 5 endpoints. @default false */
  yes: boolean;
  /** Allow binding a non-loopback address; callers then need the bearer token printed at startup. @default false */
  allowRemote: boolean;
  /**
   * Require a bearer token of every caller on loopback too, as off loopback: on a machine shared with other users,
   * who can all reach its loopback address. @default false
   */
  token: boolean;
  /**
   * More `Host` values a gateway off loopback answers, besides this machine's addresses and host name: names it is
   * reached by, such as a DNS name or a proxy's, as `NAME` (on the gateway's port) or `NAME:PORT`. Needs `allowRemote`.
   * @default []
   */
  allowHosts: string[];
  /** The stack whose config `${config.<key>}` references read, as the stack commands' `--stack`. @default "dev" */
  stack: string;
  /** Delete the cached `live-` resources and their cache entries, then exit, instead of serving. @default false */
  clean: boolean;
  /** A settings file to read instead of the manifest folder's `.env`. @default the folder's `.env` */
  envFile?: string;
}

export const DEFAULT_PORT = 8888;

/** Parses the arguments of `computeplatform dev`; throws with a message naming the flag on bad usage. */
export function parseDevOptions(args: string[]): DevOptions {
  const { values, positionals, tokens } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    tokens: true,
    options: {
      host: { type: "string" },
      port: { type: "string", short: "p" },
      reload: { type: "boolean" },
      "no-reload": { type: "boolean" },
      "auto-provision": { type: "boolean" },
      yes: { type: "boolean", short: "y" },
      "allow-remote": { type: "boolean" },
      "allow-host": { type: "string", multiple: true },
      token: { type: "boolean" },
      clean: { type: "boolean" },
      stack: { type: "string" },
      ...envFileOption,
    },
  });
  const [manifest = "manifest.yaml", ...extra] = positionals;
  if (extra.length > 0) throw new UserError(`unexpected arguments: ${extra.join(" ")}`);
  const host = values.host ?? "localhost";
  const allowHosts = values["allow-host"] ?? [];
  const badName = allowHosts.find((name) => !/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(name));
  if (badName !== undefined)
    throw new UserError(
      `--allow-host must be a host name or address, optionally with :PORT, for example gpu-box.lan or [fd00::5]:8888; got "${badName}"`,
    );
  if (allowHosts.length > 0 && !values["allow-remote"]) {
    throw new UserError("--allow-host needs --allow-remote: on loopback the gateway answers only localhost, 127.0.0.1 and [::1]");
  }
  if (host === "") throw new UserError("--host must name an address, for example localhost or 0.0.0.0");
  // The last of --reload and --no-reload wins, as with any repeated flag.
  const lastReloadFlag = tokens.filter((token) => token.kind === "option" && (token.name === "reload" || token.name === "no-reload")).pop();
  return {
    manifest,
    host,
    port: parsePort(values.port),
    reload: lastReloadFlag?.kind !== "option" || lastReloadFlag.name === "reload",
    autoProvision: values["auto-provision"] ?? false,
    yes: values.yes ?? false,
    allowRemote: values["allow-remote"] ?? false,
    token: values.token ?? false,
    allowHosts,
    clean: values.clean ?? false,
    stack: parseStackName(values.stack),
    ...(values["env-file"] === undefined ? {} : { envFile: values["env-file"] }),
  };
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) throw new UserError(`--port must be an integer from 1 to 65535; got "${text}"`);
  return port;
}
