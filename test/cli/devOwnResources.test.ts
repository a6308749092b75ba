/**
 * `computeplatform dev` acts only on the `live-` resources it deployed for this user: the built CLI as a subprocess on
 * loopback, its cache file planted as a repository could ship it, against an emulator in this process whose request
 * log shows every API call. Nothing is mocked; the user's config folder is a temporary one (XDG_CONFIG_HOME).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, postJson, startDevOnLoopback } from "../support/devSession";
import type { TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

const CACHE_FILE = ".computeplatform-dev.json";
const main = path.join(repoRoot, "dist", "cli", "main.js");

let api: TestEmulator;
let folder: string;
let env: NodeJS.ProcessEnv;
const running: DevServer[] = [];

const dev = async () => {
  const server = await startDevOnLoopback(folder, env);
  running.push(server);
  return server;
};
const cli = (...args: string[]) => exec(process.execPath, [main, ...args], { cwd: folder, env });
const cacheFile = () => path.join(folder, CACHE_FILE);
const readCache = () => JSON.parse(fs.readFileSync(cacheFile(), "utf8")) as { version: 1; resources: Record<string, CacheEntry> };
const writeCache = (resources: Record<string, CacheEntry>) => fs.writeFileSync(cacheFile(), JSON.stringify({ version: 1, resources }));
/** Every request that changed or removed something. */
const changes = () =>
  api.emulator.requests
    .filter((request) => request.method === "PATCH" || request.method === "DELETE")
    .map(({ method, path: at }) => `${method} ${at}`);
const creates = () =>
  api.emulator.requests.filter((request) => request.method === "POST" && /^\/v2\/(serverless|templates)$/.test(request.path));

interface CacheEntry {
  type: string;
  id: string;
  outputs: Record<string, unknown>;
  mark?: string;
}

/** The account's production resources, as the user made them without `dev`. */
async function production() {
  const created = async (route: string, body: object) => {
    const answer = await api.request("POST", route, body);
    expect([answer.status, route]).toEqual([201, route]);
    return ((await answer.json()) as { id: string }).id;
  };
  const template = await created("/v2/templates", { name: "prod-base", image: "acme/prod:7", serverless: true });
  return {
    template,
    endpoint: await created("/v2/serverless", {
      name: "prod-api",
      type: "QUEUE",
      templateId: template,
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      gpu: { pools: ["ADA_24"] },
      env: { DB_URL: "postgres://prod" },
    }),
    volume: await created("/v2/network-volumes", { name: "prod-data", size: 100, dataCenter: "US-TX-3" }),
  };
}

/** What the production resources look like in the emulator now. */
const productionState = () => {
  const { endpoints, templates, networkVolumes } = api.emulator.snapshot();
  return {
    endpoints: endpoints.filter((endpoint) => !endpoint.name.startsWith("live-")),
    templates: templates.filter((template) => !template.name.startsWith("live-")),
    networkVolumes,
  };
};

/** A template and a queue-based endpoint made from it. */
function writeManifest(): void {
  const resources = {
    base: { type: "Template", properties: { name: "base", image: "acme/echo:1", serverless: true } },
    api: {
      type: "ServerlessEndpoint",
      properties: {
        name: "api",
        type: "QUEUE",
        templateId: "${base.id}",
        gpu: { pools: ["ADA_24"] },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      },
    },
  };
  fs.writeFileSync(path.join(folder, "manifest.yaml"), stringify({ resources }));
}

/** The warning `dev` prints for an entry it leaves alone. */
const ignoredWarning = (name: string, type: string, id: string) =>
  `computeplatform dev: warning: ignored the entry "${name}" (${type} ${id}) of ${cacheFile()}: it has no valid mark of a live- resource dev deployed here for you (a cache that came with the project, or one an earlier version wrote), so it is never updated or deleted; if it is a live- resource of yours, delete it yourself\n`;

const emulator = emulatorForDev();

beforeEach(() => {
  api = emulator();
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-own-")));
  // The gateway and --clean share the user's key, in a config folder of the test's own.
  env = {
    COMPUTEPLATFORM_API_URL: api.emulator.url,
    COMPUTEPLATFORM_API_KEY: api.apiKey,
    XDG_CONFIG_HOME: path.join(folder, "user-config"),
  };
  writeManifest();
});

afterEach(async () => {
  const outputs = await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(api.apiKey);
  fs.rmSync(folder, { recursive: true, force: true });
});

test(
  "a cache shipped with the project, naming production resources, changes none of them: each entry is left alone with a warning",
  { timeout: 120_000 },
  async () => {
    const prod = await production();
    const before = productionState();
    // As a repository ships it: the production endpoint under the endpoint's name, the production volume under the
    // template's with another type (which made earlier versions delete it), one with a made-up mark.
    writeCache({
      api: { type: "ServerlessEndpoint", id: prod.endpoint, outputs: { name: "live-api" }, mark: `hmac-sha256:${"0".repeat(64)}` },
      base: { type: "NetworkVolume", id: prod.volume, outputs: { name: "live-base" } },
    });
    api.emulator.resetRequests();

    const server = await dev();
    const answer = await postJson(`${server.url}/api/runsync`, { input: { n: 1 } });
    const { stderr } = await server.stop();

    expect([answer.status, ((await answer.json()) as { output: unknown }).output]).toEqual([200, { n: 1 }]);
    expect(changes()).toEqual([]);
    expect(api.emulator.requests.filter((request) => request.path.includes(prod.endpoint) || request.path.includes(prod.volume))).toEqual(
      [],
    );
    expect(productionState()).toEqual(before);
    expect(stderr).toBe(ignoredWarning("api", "ServerlessEndpoint", prod.endpoint) + ignoredWarning("base", "NetworkVolume", prod.volume));
    // The live- resources it deployed instead replace the planted entries.
    const live = api.emulator.snapshot();
    const { resources } = readCache();
    expect(Object.fromEntries(Object.entries(resources).map(([name, { type, id }]) => [name, { type, id }]))).toEqual({
      base: { type: "Template", id: live.templates.find((template) => template.name === "live-base")!.id },
      api: { type: "ServerlessEndpoint", id: live.endpoints.find((endpoint) => endpoint.name === "live-api")!.id },
    });
  },
);

test(
  "its own cache is reused with no change, and --clean deletes only what it deployed, never a planted production template",
  { timeout: 120_000 },
  async () => {
    const prod = await production();
    let server = await dev();
    expect((await postJson(`${server.url}/api/runsync`, { input: { n: 1 } })).status).toBe(200);
    await server.stop();
    const genuine = readCache().resources;
    const liveIds = [genuine.api!.id, genuine.base!.id];
    // A planted entry that copies a genuine entry's mark: the mark is over the entry's name and id, so it does not fit.
    writeCache({ prod: { type: "Template", id: prod.template, outputs: { name: "live-prod" }, mark: genuine.base!.mark! }, ...genuine });
    const before = productionState();
    api.emulator.resetRequests();

    server = await dev();
    const again = await postJson(`${server.url}/api/runsync`, { input: { n: 2 } });
    const restarted = await server.stop();

    expect([again.status, ((await again.json()) as { output: unknown }).output]).toEqual([200, { n: 2 }]);
    expect([creates(), changes()]).toEqual([[], []]);
    expect(restarted.stderr).toBe(ignoredWarning("prod", "Template", prod.template));

    writeCache({ prod: { type: "Template", id: prod.template, outputs: { name: "live-prod" }, mark: genuine.base!.mark! }, ...genuine });
    api.emulator.resetRequests();
    const cleaned = await cli("dev", "--clean", "manifest.yaml");

    expect(cleaned.code).toBe(0);
    expect(cleaned.stderr).toBe(ignoredWarning("prod", "Template", prod.template));
    expect(cleaned.stdout.split("\n").slice(1, 3)).toEqual([
      `  deleted  ServerlessEndpoint ${genuine.api!.id} (api)`,
      `  deleted  Template ${genuine.base!.id} (base)`,
    ]);
    expect(changes()).toEqual([`DELETE /v2/serverless/${liveIds[0]}`, `DELETE /v2/templates/${liveIds[1]}`]);
    expect(productionState()).toEqual(before);
    expect(fs.existsSync(cacheFile())).toBe(false);
  },
);

test(
  "a live- resource renamed elsewhere since is no longer its own: left alone, by the gateway and by --clean",
  { timeout: 120_000 },
  async () => {
    let server = await dev();
    expect((await postJson(`${server.url}/api/runsync`, { input: { n: 1 } })).status).toBe(200);
    await server.stop();
    const { api: endpoint } = readCache().resources;
    expect((await api.request("PATCH", `/v2/serverless/${endpoint!.id}`, { name: "prod-api" })).status).toBe(200);
    const renamed = api.emulator.snapshot().endpoints.find((candidate) => candidate.id === endpoint!.id);
    api.emulator.resetRequests();

    server = await dev();
    expect((await postJson(`${server.url}/api/runsync`, { input: { n: 2 } })).status).toBe(200);
    await server.waitFor(/deploying a new one$/m);
    const { stdout } = await server.stop();

    expect(stdout).toContain(`  api: ${endpoint!.id} is now named "prod-api", not live-api; left alone, deploying a new one\n`);
    expect(changes()).toEqual([]);
    expect(api.emulator.snapshot().endpoints.find((candidate) => candidate.id === endpoint!.id)).toEqual(renamed);
    const replacement = readCache().resources.api!;
    expect(replacement.id).not.toBe(endpoint!.id);

    // The same rule for --clean: an entry whose resource was renamed since is dropped, and the resource stays.
    expect((await api.request("PATCH", `/v2/serverless/${replacement.id}`, { name: "prod-api-2" })).status).toBe(200);
    api.emulator.resetRequests();
    const cleaned = await cli("dev", "--clean", "manifest.yaml");
    expect(cleaned.stdout.split("\n").slice(1, 2)).toEqual([
      `  left     ServerlessEndpoint ${replacement.id} (api): it is now named "prod-api-2", not live-api`,
    ]);
    expect(changes().filter((change) => change.includes(replacement.id))).toEqual([]);
    expect(api.emulator.snapshot().endpoints.some((candidate) => candidate.id === replacement.id)).toBe(true);
  },
);
