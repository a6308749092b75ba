import * as path from "node:path";
import { formatIssue, type ValidatedManifest, validateManifest } from "../provider/manifest";
import { sharedClient } from "../provider/sharedClient";
import { CACHE_FILE, LiveCache } from "./dev/cache";
import { cleanLiveResources } from "./dev/clean";
import { confirm } from "./dev/confirm";
import { LiveDeployer, MAX_CONCURRENT_DEPLOYS } from "./dev/deployer";
import { type DevEndpoint, devEndpoints, mainRoute } from "./dev/endpoints";
import { watchManifest } from "./dev/manifestWatcher";
import { openApiDocument } from "./dev/openapiDocument";
import { DEFAULT_PORT, type DevOptions, parseDevOptions } from "./dev/options";
import { listenOnFreePort, PORTS_TRIED } from "./dev/port";
import { refusingReservedNames } from "./dev/ownRoutes";
import { givenAccessToken, isLoopback, newAccessToken, TOKEN_VARIABLE } from "./dev/remoteAccess";
import { stackConfigReader } from "./dev/stackConfig";
import { envFileHelp, loadDotEnv } from "./dotEnv";
import { terminalText } from "./terminalText";
import { readManifest } from "./validate";
import { requireServerPackages } from "../emulator/http/serverFramework";
import { readOwnPackage } from "./ownPackage";

/** `--auto-provision` asks before deploying more endpoints than this. */
export const CONFIRM_ABOVE = 5;

export const help = `Usage: computeplatform dev [manifest] [options]

Starts a local gateway in front of the serverless endpoints of a manifest (default: manifest.yaml),
so that you can call them from this machine before deploying them for good with \`computeplatform up\`.
Each endpoint is deployed on its first call as a temporary endpoint named live-<name>, through the same
providers \`up\` uses, together with the templates, registries and network volumes it references
(each a live- resource too). Routes, by the endpoint's name under \`resources:\`:

  POST /{name}/runsync  {"input": {...}}   queue-based: run a job and wait for it
  POST /{name}/run      {"input": {...}}   queue-based: queue a job
  GET  /{name}/status/{jobId}              queue-based: a job now
  POST /{name}/{route}                     load-balanced (also GET, PUT, PATCH, DELETE): passed on as it is
  GET  /                                   health check: the endpoints and their state
  GET  /docs                               interactive API explorer (so no endpoint may be named docs)

Every local account can reach a loopback address: on a machine shared with other users, start it with
--token, and every caller must then send the bearer token it prints (or ${TOKEN_VARIABLE}).
Web pages are kept out: a Host other than the gateway's own address and port (localhost,
127.0.0.1 or [::1] on loopback; off loopback also this machine's addresses, its host name and --allow-host
names), an Origin other than its own, or a request a browser marks as sent by another site is refused with
403, so that a web page cannot call it. Job routes (run, runsync) take Content-Type application/json only.
A path that could leave its endpoint (a "." or ".." segment, a backslash, an encoded slash or backslash) is
refused with 400 before anything is sent.

Deployed resources are cached in ${CACHE_FILE} beside the manifest (add it to .gitignore) and reused
on the next start; a changed endpoint is updated in place. Nothing is deleted on exit: --clean does it.
Each entry carries a mark made with your digest key (below): an entry without a valid one (a cache that came
with the project, or one written by an earlier version) and a resource renamed from its live- name since are
left alone, with a warning, and never updated or deleted.
The cache is readable by you only and holds ids and outputs, with every secret (env, registry credentials,
values from stack config, also through a reference) only as a digest keyed with
$XDG_CONFIG_HOME/computeplatform/digest.key (default ~/.config/computeplatform/digest.key). Errors show
values of secret stack config as [secret].

The API key comes from COMPUTEPLATFORM_API_KEY, and the API URL from COMPUTEPLATFORM_API_URL, or from a
.env file beside the manifest, as the stack commands read them: only COMPUTEPLATFORM_* variables and
PULUMI_CONFIG_PASSPHRASE(_FILE) are read from it, and an API or job URL it sets is shown on stderr and
used only with the API key it sets. A .env that links outside the folder is read only with --env-file.

Options:
  --host ADDRESS        Address to bind. Default: localhost. A non-loopback address needs --allow-remote.
  -p, --port PORT       Port; when it is busy, the next free one (up to ${PORTS_TRIED} tried) is used. Default: ${DEFAULT_PORT}
  --reload, --no-reload Pick up edits of the manifest without a restart. Default: --reload
  --auto-provision      Deploy every endpoint at startup, ${MAX_CONCURRENT_DEPLOYS} at a time, instead of on first call; asks
                        first when more than ${CONFIRM_ABOVE} would be created.
  -y, --yes             Answer that question yes (without a terminal and without --yes, the answer is no).
  --token               Require a bearer token of every caller on loopback too, for a machine shared with other
                        users: the one in ${TOKEN_VARIABLE} when the environment sets it (never from .env; 24
                        characters or more), else a new one printed at startup. Callers send it as
                        Authorization: Bearer <token>; the printed explorer link hands it to a browser.
  --allow-remote        Allow a non-loopback --host. Every caller then needs the bearer token, as with --token:
                        calls spend your API key.
  --allow-host NAME     With --allow-remote: also answer requests whose Host is NAME (or NAME:PORT), a DNS name
                        or a proxy's by which other machines reach this one. Repeatable.
  --stack NAME          Stack whose config \${config.<key>} references read (through the pulumi CLI, only
                        when a deployment needs one). Default: dev
  --clean               Delete the live- resources the cache lists, and their entries, then exit.
                        Only what dev deployed here for you: see the cache above.
${envFileHelp}
  -h, --help            Show this help.
`;

export const parse = parseDevOptions;

export async function run(options: DevOptions): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const fail = (message: string) => {
    process.stderr.write(`computeplatform dev: ${message}\n`);
    return 1;
  };
  if (!options.clean && !isLoopback(options.host) && !options.allowRemote) {
    return fail(
      `--host ${options.host} is not a loopback address, so other machines could call through the gateway and spend your API key; ` +
        "pass --allow-remote to allow it (callers then need the token printed at startup)",
    );
  }
  const folder = path.dirname(path.resolve(options.manifest));
  // Read before .env is: a token that a repository's .env sets is known to whoever can read the repository.
  const tokenFromShell = process.env[TOKEN_VARIABLE];
  loadDotEnv(folder, { envFile: options.envFile });
  for (const variable of ["COMPUTEPLATFORM_API_KEY", "COMPUTEPLATFORM_API_URL"]) {
    if (!process.env[variable])
      return fail(`${variable} is not set: set the environment variable or write it in ${path.join(folder, ".env")}`);
  }
  const cache = new LiveCache(options.manifest);
  for (const { name, type, id } of cache.ignored) {
    process.stderr.write(
      `computeplatform dev: warning: ignored the entry "${name}" (${type} ${id}) of ${cache.file}: it has no valid mark of a live- resource dev deployed here for you (a cache that came with the project, or one an earlier version wrote), so it is never updated or deleted; if it is a live- resource of yours, delete it yourself\n`,
    );
  }
  if (options.clean) return (await cleanLiveResources(cache, out)) === 0 ? 0 : 1;

  let manifest = await validated(options.manifest);
  if (Array.isArray(manifest)) return fail(`${options.manifest} is not valid:\n${manifest.join("\n")}`);
  let endpoints = devEndpoints(manifest);
  const deployer = new LiveDeployer({
    manifest: () => manifest as ValidatedManifest,
    cache,
    config: stackConfigReader(options.manifest, options.stack),
    log: (line) => out(`  ${line}`),
  });
  const token = options.token || !isLoopback(options.host) ? (givenAccessToken(tokenFromShell) ?? newAccessToken()) : undefined;
  // Loaded here, not at the top: the other commands run without the gateway's server packages installed.
  requireServerPackages("computeplatform dev", readOwnPackage().serverRanges);
  const { buildGateway } = require("./dev/gateway") as typeof import("./dev/gateway");
  const app = buildGateway({
    endpoints: () => endpoints,
    openApi: () => openApiDocument(options.manifest, endpoints, token !== undefined),
    deployer,
    client: sharedClient,
    binding: { host: options.host, allowHosts: options.allowHosts },
    ...(token === undefined ? {} : { token }),
    log: (line) => out(`  ${line}`),
  });
  // Edits are watched before it listens: a caller who saw it listen may edit the manifest at once.
  const stopWatching = options.reload
    ? watchManifest(options.manifest, () => {
        void validated(options.manifest).then((next) => {
          if (Array.isArray(next)) {
            out(`${options.manifest} is not valid; still serving the last valid version:\n${next.join("\n")}`);
            return;
          }
          const before = new Set(endpoints.map((endpoint) => endpoint.name));
          manifest = next;
          endpoints = devEndpoints(next);
          const added = endpoints.filter((endpoint) => !before.has(endpoint.name)).map((endpoint) => endpoint.name);
          const removed = [...before].filter((name) => !endpoints.some((endpoint) => endpoint.name === name));
          out(
            `Reloaded ${options.manifest}: ${count(endpoints.length, "serverless endpoint")}${added.length > 0 ? `; added ${added.join(", ")}` : ""}${removed.length > 0 ? `; removed ${removed.join(", ")}` : ""}`,
          );
        });
      })
    : () => {};
  // Ctrl-C stops it cleanly from the moment it listens, even before it has printed where.
  const stopped = new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  let port: number;
  try {
    port = await listenOnFreePort(app, options.host, options.port);
  } catch (error) {
    stopWatching();
    throw error;
  }
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;

  out(`computeplatform dev: ${options.manifest}, ${count(endpoints.length, "serverless endpoint")}`);
  for (const line of endpointTable(endpoints)) out(`  ${line}`);
  out(`Listening on ${url}${port === options.port ? "" : ` (port ${options.port} was busy)`}`);
  if (token === undefined) {
    out(`API explorer: ${url}/docs`);
    out(
      "Any account of this machine can call it (loopback keeps out other machines, not other users): on a shared machine, start it with --token.",
    );
  } else {
    out(`API explorer: ${url}/docs?token=${token} (the link gives this browser the token, in a cookie only this gateway's own pages send)`);
    out(`Bearer token (every caller must send it as Authorization: Bearer <token>): ${token}`);
  }
  out(
    `Endpoints are deployed as live-<name> on ${options.autoProvision ? "startup" : "their first call"} and cached in ${path.join(path.dirname(options.manifest), CACHE_FILE)}.`,
  );

  if (options.autoProvision) await provisionAll(endpoints, deployer, cache, options.yes, out);

  await stopped;
  stopWatching();
  await app.close();
  out(`Stopped. The live- resources stay deployed for the next start; \`computeplatform dev --clean ${options.manifest}\` deletes them.`);
  return 0;
}

/** Deploys every endpoint now, asking first when more than {@link CONFIRM_ABOVE} would be created. */
async function provisionAll(
  endpoints: readonly DevEndpoint[],
  deployer: LiveDeployer,
  cache: LiveCache,
  yes: boolean,
  out: (line: string) => void,
) {
  const creating = endpoints.filter((endpoint) => cache.get(endpoint.name) === undefined).length;
  if (creating > CONFIRM_ABOVE && !(await confirm(`Deploy ${creating} new live- endpoints now?`, yes, out))) {
    out("Not deploying at startup: each endpoint is deployed on its first call instead.");
    return;
  }
  const results = await Promise.allSettled(endpoints.map((endpoint) => deployer.ensure(endpoint.name)));
  const failed = results.filter((result) => result.status === "rejected").length;
  out(`Auto-provisioned: ${results.length - failed} ready${failed > 0 ? `, ${failed} failed (GET / shows why)` : ""}`);
}

/** The manifest, or its issues as printable lines. */
async function validated(file: string): Promise<ValidatedManifest | string[]> {
  // Whatever an edit holds, it is an invalid manifest to report, never an error that stops the gateway.
  try {
    const { manifest, issues } = refusingReservedNames(await validateManifest({ file, text: readManifest(file) }));
    return manifest ?? issues.map(formatIssue);
  } catch (error) {
    return [(error as Error).message];
  }
}

function endpointTable(endpoints: readonly DevEndpoint[]): string[] {
  const rows = [
    ["ENDPOINT", "TYPE", "ROUTE", "DESCRIPTION"],
    ...endpoints.map((endpoint) => [endpoint.name, endpoint.type, mainRoute(endpoint), endpoint.summary ?? ""].map(terminalText)),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell))
      .join("  ")
      .trimEnd(),
  );
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
