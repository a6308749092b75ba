/**
 * `computeplatform dev` as a user runs it: the built CLI as a subprocess on loopback, against an emulator in this
 * process whose request log shows every API call the gateway made. Nothing is mocked.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ensureBuilt } from "../support/build";
import { type DevServer, startDevServer } from "../support/devServer";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

const main = path.join(repoRoot, "dist", "cli", "main.js");
const CACHE_FILE = ".computeplatform-dev.json";

/** A manifest resource entry, as tests write them. */
interface Entry {
  type: string;
  description?: string;
  properties: Record<string, unknown>;
}

/** A queue-based endpoint entry; `queueDelay` is the setting tests change. */
const queueEndpoint = (description?: string, queueDelay = 4): Entry => ({
  type: "ServerlessEndpoint",
  ...(description === undefined ? {} : { description }),
  properties: {
    name: "placeholder",
    type: "QUEUE",
    image: "acme/echo:1",
    gpu: { pools: ["ADA_24"] },
    scaling: { type: "QUEUE_DELAY", queueDelay },
  },
});
const loadBalancedEndpoint = (description?: string): Entry => ({
  type: "ServerlessEndpoint",
  ...(description === undefined ? {} : { description }),
  properties: {
    name: "placeholder",
    type: "LOAD_BALANCER",
    image: "acme/api:1",
    cpu: [{ id: "cpu3c", vcpuCount: 2 }],
    scaling: { type: "REQUEST_COUNT", requestCount: 10 },
  },
});

/** A manifest of `resources`, each endpoint's `name` property set to its resource name. */
function manifestText(resources: Record<string, Entry>): string {
  const named = Object.fromEntries(
    Object.entries(resources).map(([name, entry]) => [name, { ...entry, properties: { ...entry.properties, name } }]),
  );
  return stringify({ resources: named });
}

let api: TestEmulator;
let folder: string;
let env: NodeJS.ProcessEnv;
const running: DevServer[] = [];

const writeManifest = (resources: Record<string, Entry>) => fs.writeFileSync(path.join(folder, "manifest.yaml"), manifestText(resources));
const dev = async (...args: string[]) => {
  const server = await startDevServer(["dev", "manifest.yaml", "--host", "127.0.0.1", "--port", String(await freePort()), ...args], {
    cwd: folder,
    env,
  });
  running.push(server);
  return server;
};
// The user's config folder, where dev keeps the key that marks its cache's entries: the one `dev` gets by default.
const cli = (...args: string[]) =>
  exec(process.execPath, [main, ...args], { cwd: folder, env: { XDG_CONFIG_HOME: path.join(folder, ".user-config"), ...env } });
const post = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), ...init });
const liveEndpoints = () => api.emulator.snapshot().endpoints.filter((endpoint) => endpoint.name.startsWith("live-"));
const calls = (method: string, pathPattern: RegExp) =>
  api.emulator.requests.filter((request) => request.method === method && pathPattern.test(request.path));
const ENDPOINT_CREATE = /^\/v2\/serverless$/;

/** `text` as a pattern that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Resolves once the server has printed `text`. */
const printed = (server: DevServer, text: string) => server.waitFor(new RegExp(literally(text)));

/** What the gateway answered, its body parsed when it is JSON. */
interface RawAnswer {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

/**
 * Sends a request as an attacker's page or script puts it on the wire: node:http leaves its Host, Origin and path
 * exactly as given, where fetch would set them itself or normalize the path.
 */
function rawRequest(
  url: string,
  request: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { host: hostname, port, method: request.method, path: request.path, headers: request.headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const contentType = response.headers["content-type"];
          resolve({ status: response.statusCode!, contentType, body: /json/.test(contentType ?? "") ? JSON.parse(text) : text });
        });
      },
    );
    sent.on("error", reject);
    sent.end(request.body);
  });
}

/** The gateway's own refusal, as `rawRequest` reads it. */
const problem = (status: number, title: string, detail: string): RawAnswer => ({
  status,
  contentType: "application/problem+json; charset=utf-8",
  body: { title, status, detail },
});

/** A port nothing listens on now; `dev` moves on by itself should another process take it meanwhile. */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ensureBuilt();
  api = await startTestEmulator();
});

afterAll(async () => {
  await api?.emulator.close();
});

beforeEach(async () => {
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-")));
  env = { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey };
  api.emulator.faults.clear();
  // Each test starts from an account without live- endpoints and an empty request log.
  await Promise.all(liveEndpoints().map((endpoint) => api.request("DELETE", `/v2/serverless/${endpoint.id}`)));
  api.emulator.resetRequests();
});

afterEach(async () => {
  const outputs = await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(api.apiKey);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("starting", () => {
  test("a busy port moves to the next one, and the printed URL is the one that answers", { timeout: 90_000 }, async () => {
    writeManifest({ echo: queueEndpoint("Echoes its input.\nMore about it."), web: loadBalancedEndpoint() });
    const busy = net.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => busy.once("listening", resolve));
    const { port } = busy.address() as net.AddressInfo;
    try {
      const server = await startDevServer(["dev", "manifest.yaml", "--host", "127.0.0.1", "-p", String(port)], { cwd: folder, env });
      running.push(server);

      expect(server.url).toBe(`http://127.0.0.1:${port + 1}`);
      // "Listening on" is not the last line of the start: the lines after it may arrive later.
      await server.waitFor(/^Any account of this machine /m);
      expect(server.stdout.split("\n").slice(0, 7)).toEqual([
        "computeplatform dev: manifest.yaml, 2 serverless endpoints",
        "  ENDPOINT  TYPE           ROUTE               DESCRIPTION",
        "  echo      QUEUE          POST /echo/runsync  Echoes its input.",
        "  web       LOAD_BALANCER  POST /web/{route}",
        `Listening on http://127.0.0.1:${port + 1} (port ${port} was busy)`,
        `API explorer: http://127.0.0.1:${port + 1}/docs`,
        "Any account of this machine can call it (loopback keeps out other machines, not other users): on a shared machine, start it with --token.",
      ]);
      const health = await fetch(`${server.url}/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: "ok",
        endpoints: [
          { name: "echo", type: "QUEUE", route: "POST /echo/runsync", summary: "Echoes its input.", state: "not deployed" },
          { name: "web", type: "LOAD_BALANCER", route: "POST /web/{route}", state: "not deployed" },
        ],
      });
      expect(api.emulator.requests).toEqual([]);
    } finally {
      busy.close();
    }
  });

  test("an invalid manifest stops it with each error's position, before any API call", async () => {
    writeManifest({ echo: { ...queueEndpoint(), properties: { ...queueEndpoint().properties, type: "QUEUUE" } } });

    const result = await cli("dev", "manifest.yaml", "--host", "127.0.0.1");

    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'computeplatform dev: manifest.yaml is not valid:\nmanifest.yaml:6:13: resources.echo.properties.type: Invalid option: expected one of "QUEUE"|"LOAD_BALANCER"\n',
    });
    expect(api.emulator.requests).toEqual([]);
  });

  test("a missing API key stops it with where to set it, before any API call", async () => {
    writeManifest({ echo: queueEndpoint() });

    env = { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: undefined };

    const result = await cli("dev", "manifest.yaml");

    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `computeplatform dev: COMPUTEPLATFORM_API_KEY is not set: set the environment variable or write it in ${path.join(folder, ".env")}\n`,
    });
    expect(api.emulator.requests).toEqual([]);
  });

  test("run is a hidden alias: it serves the same, and the usage does not list it", { timeout: 90_000 }, async () => {
    writeManifest({ echo: queueEndpoint() });
    const server = await startDevServer(["run", "manifest.yaml", "--host", "127.0.0.1", "--port", String(await freePort())], {
      cwd: folder,
      env,
    });
    running.push(server);

    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const usage = await cli("--help");
    expect(usage.stdout).toContain("\n  dev         Serve a manifest's serverless endpoints locally");
    expect(usage.stdout).not.toMatch(/^\s+run\s/m);
    expect((await cli("run", "--help")).stdout).toBe((await cli("dev", "--help")).stdout);
  });
});

describe("live endpoints", () => {
  test(
    "the first calls to a queue endpoint deploy exactly one live- endpoint; later and concurrent calls reuse it",
    { timeout: 90_000 },
    async () => {
      // The key comes from the .env beside the manifest here, as the stack commands read it.
      fs.writeFileSync(path.join(folder, ".env"), `COMPUTEPLATFORM_API_KEY=${api.apiKey}\n`);
      env = { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: undefined };
      writeManifest({ echo: queueEndpoint("Echoes its input.") });
      const server = await dev();

      const together = await Promise.all([
        post(`${server.url}/echo/runsync`, { input: { n: 1 } }),
        post(`${server.url}/echo/runsync`, { input: { n: 2 } }),
      ]);
      const later = await post(`${server.url}/echo/runsync`, { input: { n: 3 } });

      const outputs = await Promise.all(
        [...together, later].map(async (response) => [response.status, ((await response.json()) as { output: unknown }).output]),
      );
      expect(outputs).toEqual([
        [200, { n: 1 }],
        [200, { n: 2 }],
        [200, { n: 3 }],
      ]);
      const [live] = liveEndpoints();
      expect(liveEndpoints().map(({ name, type }) => ({ name, type }))).toEqual([{ name: "live-echo", type: "QUEUE" }]);
      expect(calls("POST", ENDPOINT_CREATE)).toHaveLength(1);
      expect(calls("POST", /\/runsync$/).map((request) => request.path)).toEqual(Array(3).fill(`/v2/${live!.id}/runsync`));
      await printed(server, `  echo: deploying live-echo\n  echo: live-echo is ready (ServerlessEndpoint ${live!.id})\n`);
      expect(await (await fetch(`${server.url}/`)).json()).toEqual({
        status: "ok",
        endpoints: [{ name: "echo", type: "QUEUE", route: "POST /echo/runsync", summary: "Echoes its input.", state: "ready" }],
      });
    },
  );

  test(
    "run and status go through the job API; a FAILED job and a platform error reach the caller as they are",
    { timeout: 90_000 },
    async () => {
      writeManifest({ echo: queueEndpoint() });
      const server = await dev();

      const queued = await post(`${server.url}/echo/run`, { input: { n: 1 } });
      const { id, status } = (await queued.json()) as { id: string; status: string };
      const [live] = liveEndpoints();
      const direct = await api.request("GET", `/v2/${live!.id}/status/${id}`);
      const throughGateway = await fetch(`${server.url}/echo/status/${id}`);
      const failed = await post(`${server.url}/echo/runsync`, { input: { error: "out of memory" } });
      const unknownJob = await fetch(`${server.url}/echo/status/no-such-job`);
      const directUnknown = await api.request("GET", `/v2/${live!.id}/status/no-such-job`);
      const noInput = await post(`${server.url}/echo/runsync`, { inputs: {} });

      expect([queued.status, status]).toEqual([200, "IN_QUEUE"]);
      expect(throughGateway.status).toBe(200);
      expect(((await throughGateway.json()) as { id: string }).id).toBe(((await direct.json()) as { id: string }).id);
      expect(failed.status).toBe(400);
      expect(await failed.json()).toMatchObject({ status: "FAILED", error: "out of memory" });
      expect(unknownJob.status).toBe(404);
      expect(unknownJob.headers.get("content-type")).toBe(directUnknown.headers.get("content-type"));
      const { title, status: problemStatus, detail } = (await directUnknown.json()) as Record<string, unknown>;
      expect(await unknownJob.json()).toEqual({ title, status: problemStatus, detail });
      expect(noInput.status).toBe(400);
      expect(await noInput.json()).toEqual({
        title: "Bad Request",
        status: 400,
        detail: 'input: the body must be a JSON object {"input": {...}}',
      });
      expect(calls("POST", ENDPOINT_CREATE)).toHaveLength(1);
    },
  );

  test("an endpoint deleted elsewhere is deployed again on its next call", { timeout: 90_000 }, async () => {
    writeManifest({ echo: queueEndpoint() });
    const server = await dev();
    expect((await post(`${server.url}/echo/runsync`, { input: {} })).status).toBe(200);
    const [first] = liveEndpoints();

    expect((await api.request("DELETE", `/v2/serverless/${first!.id}`)).status).toBe(204);
    const again = await post(`${server.url}/echo/runsync`, { input: { after: "delete" } });

    expect(again.status).toBe(200);
    expect(((await again.json()) as { output: unknown }).output).toEqual({ after: "delete" });
    const [second] = liveEndpoints();
    expect(second!.id).not.toBe(first!.id);
    expect(liveEndpoints()).toHaveLength(1);
    expect(calls("POST", ENDPOINT_CREATE)).toHaveLength(2);
    await printed(server, `  echo: live-echo (${first!.id}) was deleted elsewhere; deploying it again\n`);
  });

  test("a load-balanced route passes its method, path, query and body through unwrapped", { timeout: 90_000 }, async () => {
    writeManifest({ web: loadBalancedEndpoint() });
    const server = await dev();

    const created = await post(`${server.url}/web/v1/items?limit=2`, { text: "hello", tags: ["a"] });
    const replaced = await fetch(`${server.url}/web/v1/items/7`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "[1,2]",
    });
    const read = await fetch(`${server.url}/web/v1/items/7`);

    expect([created.status, await created.json()]).toEqual([
      200,
      { method: "POST", path: "/v1/items", query: { limit: "2" }, body: { text: "hello", tags: ["a"] } },
    ]);
    expect([replaced.status, await replaced.json()]).toEqual([200, { method: "PUT", path: "/v1/items/7", query: {}, body: [1, 2] }]);
    expect(((await read.json()) as { method: string }).method).toBe("GET");
    const options = await fetch(`${server.url}/web/v1/items`, { method: "OPTIONS" });
    expect([options.status, await options.json()]).toEqual([
      405,
      { title: "Method Not Allowed", status: 405, detail: '"web" is a load-balanced endpoint: it passes on GET, POST, PUT, PATCH, DELETE' },
    ]);
    expect(liveEndpoints().map(({ name, type }) => ({ name, type }))).toEqual([{ name: "live-web", type: "LOAD_BALANCER" }]);
  });

  test(
    "a restart reuses the cache, a changed endpoint is updated with one PATCH, and --clean deletes every live- endpoint",
    { timeout: 120_000 },
    async () => {
      writeManifest({ echo: queueEndpoint(undefined, 4), other: queueEndpoint(undefined, 4) });
      let server = await dev();
      expect((await post(`${server.url}/echo/runsync`, { input: {} })).status).toBe(200);
      expect((await post(`${server.url}/other/runsync`, { input: {} })).status).toBe(200);
      expect((await server.stop()).stdout).toContain(
        `Stopped. The live- resources stay deployed for the next start; \`computeplatform dev --clean manifest.yaml\` deletes them.\n`,
      );
      const ids = Object.fromEntries(liveEndpoints().map((endpoint) => [endpoint.name, endpoint.id]));
      const cached = JSON.parse(fs.readFileSync(path.join(folder, CACHE_FILE), "utf8")) as { resources: Record<string, { id: string }> };
      expect(Object.fromEntries(Object.entries(cached.resources).map(([name, entry]) => [name, entry.id]))).toEqual({
        echo: ids["live-echo"],
        other: ids["live-other"],
      });

      api.emulator.resetRequests();
      writeManifest({ echo: queueEndpoint(undefined, 7), other: queueEndpoint(undefined, 4) });
      server = await dev();
      expect((await post(`${server.url}/echo/runsync`, { input: {} })).status).toBe(200);
      expect((await post(`${server.url}/other/runsync`, { input: {} })).status).toBe(200);

      expect(calls("POST", ENDPOINT_CREATE)).toEqual([]);
      expect(calls("PATCH", /^\/v2\/serverless\//).map((request) => request.path)).toEqual([`/v2/serverless/${ids["live-echo"]}`]);
      expect(liveEndpoints().find((endpoint) => endpoint.id === ids["live-echo"])?.scaling).toEqual({ type: "QUEUE_DELAY", queueDelay: 7 });
      await printed(server, `  echo: updated live-echo (${ids["live-echo"]}) in place\n`);
      await server.stop();

      const cleaned = await cli("dev", "--clean", "manifest.yaml");

      expect(cleaned).toEqual({
        code: 0,
        stderr: "",
        stdout: [
          `Deleting the 2 live- resources that ${path.join(folder, CACHE_FILE)} lists:`,
          `  deleted  ServerlessEndpoint ${ids["live-other"]} (other)`,
          `  deleted  ServerlessEndpoint ${ids["live-echo"]} (echo)`,
          "",
        ].join("\n"),
      });
      expect(liveEndpoints()).toEqual([]);
      expect(fs.existsSync(path.join(folder, CACHE_FILE))).toBe(false);
    },
  );
});

describe("on the scaffold of computeplatform init", () => {
  test("serves its three workers as they are", { timeout: 120_000 }, async () => {
    expect((await cli("init", "workers")).code).toBe(0);
    const server = await startDevServer(["dev", "--host", "127.0.0.1", "--port", String(await freePort())], {
      cwd: path.join(folder, "workers"),
      env,
    });
    running.push(server);

    const gpu = await post(`${server.url}/gpu-worker/runsync`, { input: { prompt: "hi" } });
    const lb = await post(`${server.url}/lb-worker/v1/generate`, { prompt: "hi" });

    expect(server.stdout.split("\n").slice(0, 5)).toEqual([
      "computeplatform dev: manifest.yaml, 3 serverless endpoints",
      "  ENDPOINT    TYPE           ROUTE                     DESCRIPTION",
      "  lb-worker   LOAD_BALANCER  POST /lb-worker/{route}   Answers HTTP requests straight from CPU workers.",
      "  gpu-worker  QUEUE          POST /gpu-worker/runsync  Runs jobs that need a GPU, one at a time per worker.",
      "  cpu-worker  QUEUE          POST /cpu-worker/runsync  Runs jobs that need no GPU, such as preparing inputs.",
    ]);
    expect([gpu.status, ((await gpu.json()) as { output: unknown }).output]).toEqual([200, { prompt: "hi" }]);
    expect([lb.status, await lb.json()]).toEqual([200, { method: "POST", path: "/v1/generate", query: {}, body: { prompt: "hi" } }]);
    expect(
      liveEndpoints()
        .map((endpoint) => endpoint.name)
        .sort(),
    ).toEqual(["live-workers-gpu-worker", "live-workers-lb-worker"]);
  });
});

describe("--auto-provision", () => {
  const seven = () => Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`worker${i + 1}`, queueEndpoint()]));

  test(
    "asks before deploying more than 5 endpoints; without a terminal and without --yes the answer is no",
    { timeout: 90_000 },
    async () => {
      writeManifest(seven());
      const server = await dev("--auto-provision");

      await server.waitFor(/^Not deploying at startup/m);

      expect(server.stdout).toContain(
        "Deploy 7 new live- endpoints now? no: there is no terminal to answer on; pass --yes to answer yes\n" +
          "Not deploying at startup: each endpoint is deployed on its first call instead.\n",
      );
      expect(api.emulator.requests).toEqual([]);
    },
  );

  test("with --yes deploys all 7, never more than 3 creates in flight", { timeout: 120_000 }, async () => {
    writeManifest(seven());
    // Every request takes 300 ms, so creates overlap; the emulator records a request as it arrives, with status 0
    // until it is answered, so sampling its log counts the creates in flight.
    api.emulator.faults.latency(300);
    const inFlight: number[] = [];
    const sampler = setInterval(() => inFlight.push(calls("POST", ENDPOINT_CREATE).filter((request) => request.status === 0).length), 5);
    try {
      const server = await dev("--auto-provision", "--yes");
      await server.waitFor(/^Auto-provisioned: /m);

      expect(server.stdout).toContain("Deploy 7 new live- endpoints now? yes (--yes)\n");
      expect(server.stdout).toContain("Auto-provisioned: 7 ready\n");
    } finally {
      clearInterval(sampler);
    }
    expect(Math.max(...inFlight)).toBe(3);
    expect(calls("POST", ENDPOINT_CREATE).map((request) => request.status)).toEqual(Array(7).fill(201));
    expect(
      liveEndpoints()
        .map((endpoint) => endpoint.name)
        .sort(),
    ).toEqual(Array.from({ length: 7 }, (_, i) => `live-worker${i + 1}`));
  });
});

describe("reload", () => {
  const notRouted = (name: string) => ({
    title: "Not Found",
    status: 404,
    detail: `the manifest has no serverless endpoint "${name}"; it has echo`,
  });

  test("--no-reload ignores edits of the manifest", { timeout: 90_000 }, async () => {
    writeManifest({ echo: queueEndpoint() });
    // Beside it, a gateway that reloads: once that one has read the edit, this one has had the same chance to.
    const [server, reloading] = await Promise.all([dev("--no-reload"), dev()]);

    writeManifest({ echo: queueEndpoint(), added: queueEndpoint() });
    await reloading.waitFor(/^Reloaded manifest\.yaml: 2 serverless endpoints; added added$/m);
    const response = await post(`${server.url}/added/runsync`, { input: {} });

    expect([response.status, await response.json()]).toEqual([404, notRouted("added")]);
    expect(server.stdout).not.toContain("Reloaded");
    expect(api.emulator.requests).toEqual([]);
  });

  test(
    "an added endpoint becomes callable, a removed one answers 404, and an invalid edit keeps the last valid manifest",
    { timeout: 90_000 },
    async () => {
      writeManifest({ echo: queueEndpoint() });
      const server = await dev();

      writeManifest({ echo: queueEndpoint(), added: queueEndpoint() });
      await server.waitFor(/^Reloaded manifest\.yaml: 2 serverless endpoints; added added$/m);
      const added = await post(`${server.url}/added/runsync`, { input: { n: 1 } });
      expect([added.status, ((await added.json()) as { output: unknown }).output]).toEqual([200, { n: 1 }]);

      writeManifest({ echo: queueEndpoint() });
      await server.waitFor(/^Reloaded manifest\.yaml: 1 serverless endpoint; removed added$/m);
      const removed = await post(`${server.url}/added/runsync`, { input: {} });
      expect([removed.status, await removed.json()]).toEqual([404, notRouted("added")]);

      fs.appendFileSync(path.join(folder, "manifest.yaml"), "  broken: [\n");
      await server.waitFor(/^manifest\.yaml is not valid; still serving the last valid version:$/m);
      const stillServed = await post(`${server.url}/echo/runsync`, { input: { n: 2 } });
      expect([stillServed.status, ((await stillServed.json()) as { output: unknown }).output]).toEqual([200, { n: 2 }]);
    },
  );
});

describe("who may call it", () => {
  test("a non-loopback --host without --allow-remote refuses to start", async () => {
    writeManifest({ echo: queueEndpoint() });

    const result = await cli("dev", "manifest.yaml", "--host", "0.0.0.0");

    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "computeplatform dev: --host 0.0.0.0 is not a loopback address, so other machines could call through the gateway and spend your API key; " +
        "pass --allow-remote to allow it (callers then need the token printed at startup)\n",
    });
    expect(api.emulator.requests).toEqual([]);
  });

  test("with --allow-remote a call without the printed token gets 401 and reaches no endpoint", { timeout: 90_000 }, async () => {
    writeManifest({ echo: queueEndpoint() });
    const server = await startDevServer(
      ["dev", "manifest.yaml", "--host", "0.0.0.0", "--allow-remote", "--port", String(await freePort())],
      { cwd: folder, env },
    );
    running.push(server);
    const [, token] = await server.waitFor(/^Bearer token \(every caller must send it as Authorization: Bearer <token>\): (\S+)$/m);
    const local = server.url.replace("0.0.0.0", "127.0.0.1");

    const withoutToken = await post(`${local}/echo/runsync`, { input: {} });
    const wrongToken = await post(
      `${local}/echo/runsync`,
      { input: {} },
      { headers: { "content-type": "application/json", authorization: `Bearer ${api.apiKey}` } },
    );
    const docs = await fetch(`${local}/docs/openapi.json`);

    const refusal = {
      title: "Unauthorized",
      status: 401,
      detail: "this gateway requires a token: send the one it printed at startup as `Authorization: Bearer <token>`",
    };
    expect([withoutToken.status, withoutToken.headers.get("www-authenticate"), await withoutToken.json()]).toEqual([
      401,
      'Bearer realm="computeplatform dev"',
      refusal,
    ]);
    expect([wrongToken.status, await wrongToken.json()]).toEqual([401, refusal]);
    expect(docs.status).toBe(401);
    expect(api.emulator.requests).toEqual([]);

    const withToken = await post(
      `${local}/echo/runsync`,
      { input: { n: 1 } },
      { headers: { "content-type": "application/json", authorization: `Bearer ${token}` } },
    );
    expect([withToken.status, ((await withToken.json()) as { output: unknown }).output]).toEqual([200, { n: 1 }]);
    const document = await (await fetch(`${local}/docs/openapi.json`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(document).not.toContain(api.apiKey);
  });

  test(
    "with --token on loopback, another account's call without the token gets 401 and reaches nothing; the user's call with it works",
    { timeout: 90_000 },
    async () => {
      writeManifest({ echo: queueEndpoint() });
      // A token a repository's .env sets is known to whoever reads the repository: it is not the one required.
      const planted = "planted-token-from-the-repository-0123";
      fs.writeFileSync(path.join(folder, ".env"), `COMPUTEPLATFORM_DEV_TOKEN=${planted}\n`);
      const server = await dev("--token");
      const [, token] = await server.waitFor(/^Bearer token \(every caller must send it as Authorization: Bearer <token>\): (\S+)$/m);
      const bearer = (value: string) => ({ "content-type": "application/json", authorization: `Bearer ${value}` });

      const withoutToken = await post(`${server.url}/echo/runsync`, { input: {} });
      const withPlanted = await post(`${server.url}/echo/runsync`, { input: {} }, { headers: bearer(planted) });
      const health = await fetch(`${server.url}/`);
      const refusal = {
        title: "Unauthorized",
        status: 401,
        detail: "this gateway requires a token: send the one it printed at startup as `Authorization: Bearer <token>`",
      };
      expect([withoutToken.status, await withoutToken.json()]).toEqual([401, refusal]);
      expect([withPlanted.status, health.status, token === planted]).toEqual([401, 401, false]);
      expect(api.emulator.requests).toEqual([]);
      expect(server.stdout).not.toContain("start it with --token");

      const withToken = await post(`${server.url}/echo/runsync`, { input: { n: 1 } }, { headers: bearer(token!) });
      expect([withToken.status, ((await withToken.json()) as { output: unknown }).output]).toEqual([200, { n: 1 }]);
    },
  );

  test("--token takes the token from the environment, never from a command line; a short one is refused", { timeout: 90_000 }, async () => {
    writeManifest({ echo: queueEndpoint() });
    const token = "a-token-the-user-keeps-for-clients-4f9c";
    env = { ...env, COMPUTEPLATFORM_DEV_TOKEN: "short" };
    expect(await cli("dev", "manifest.yaml", "--token")).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "computeplatform: COMPUTEPLATFORM_DEV_TOKEN must be 24 or more printable characters without spaces, for example from `openssl rand -base64 24`; leave it unset for a new token at each start\n",
    });
    env = { ...env, COMPUTEPLATFORM_DEV_TOKEN: token };
    const server = await dev("--token");

    await printed(server, `Bearer token (every caller must send it as Authorization: Bearer <token>): ${token}\n`);
    const answer = await post(
      `${server.url}/echo/runsync`,
      { input: { n: 2 } },
      { headers: { "content-type": "application/json", authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);
  });

  test(
    "an endpoint may not be named docs, and a cross-site request below /docs/ is refused: the explorer's exemption is its own paths",
    { timeout: 90_000 },
    async () => {
      writeManifest({ echo: queueEndpoint() });
      const server = await dev();
      const port = new URL(server.url).port;

      // An edit that names a load-balanced endpoint docs, whose routes would be /docs/...: refused, as `validate` refuses it.
      writeManifest({ echo: queueEndpoint(), docs: loadBalancedEndpoint() });
      await server.waitFor(/^manifest\.yaml is not valid; still serving the last valid version:$/m);
      const reserved =
        "manifest.yaml:14:3: resources.docs: `docs` is reserved: `computeplatform dev` serves /docs itself, so an endpoint of that name could not be called there; choose another name";
      await printed(server, `${reserved}\n`);
      const attack = await rawRequest(server.url, {
        method: "GET",
        path: "/docs/a/b",
        headers: { host: `127.0.0.1:${port}`, "sec-fetch-site": "cross-site" },
      });
      const link = await rawRequest(server.url, {
        method: "GET",
        path: "/docs",
        headers: { host: `127.0.0.1:${port}`, "sec-fetch-site": "cross-site" },
      });

      expect(attack).toEqual(
        problem(
          403,
          "Forbidden",
          'Sec-Fetch-Site "cross-site": the browser says another site sent this request, and pages of other sites may not call this gateway',
        ),
      );
      expect(link.status).toBe(200);
      expect(api.emulator.requests).toEqual([]);
      expect(await cli("validate", "manifest.yaml")).toEqual({ code: 1, stdout: "", stderr: `${reserved}\n1 error in manifest.yaml\n` });
      expect((await cli("dev", "manifest.yaml")).stderr).toBe(`computeplatform dev: manifest.yaml is not valid:\n${reserved}\n`);
    },
  );

  describe("on the scaffold of computeplatform init, whose worker names and port any page can guess", () => {
    /** The scaffold's `dev` on a free loopback port, and that port. */
    const scaffoldDev = async () => {
      expect((await cli("init", "workers")).code).toBe(0);
      const server = await startDevServer(["dev", "--host", "127.0.0.1", "--port", String(await freePort())], {
        cwd: path.join(folder, "workers"),
        env,
      });
      running.push(server);
      return { server, port: new URL(server.url).port };
    };
    const job = JSON.stringify({ input: { x: 1 } });

    test(
      "another site's requests are refused with 403 and logged, and none reaches the API; the gateway's own origin is served",
      { timeout: 120_000 },
      async () => {
        const { server, port } = await scaffoldDev();
        const runsync = (headers: Record<string, string>) =>
          rawRequest(server.url, { method: "POST", path: "/cpu-worker/runsync", headers, body: job });
        const hostRefused = (host: string) =>
          `Host "${host}" is not this gateway's: it answers only localhost:${port}, 127.0.0.1:${port}, [::1]:${port} (a page of another site can reach it through DNS rebinding)`;
        const originRefused =
          'Origin "http://evil.example" is not this gateway\'s own: pages of other sites may not call it (scripts and SDKs send no Origin)';
        const siteRefused =
          'Sec-Fetch-Site "cross-site": the browser says another site sent this request, and pages of other sites may not call this gateway';

        // The issue's reproduction: a page's form-like POST, which a browser sends cross-origin without a preflight.
        const fromIssue = await runsync({ host: `evil.example:${port}`, origin: "http://evil.example", "content-type": "text/plain" });
        // DNS rebinding: the page's own name now points at 127.0.0.1, so its requests carry its Host and no Origin.
        const rebound = await runsync({ host: `evil.example:${port}`, "content-type": "application/json" });
        const reboundRead = await rawRequest(server.url, { method: "GET", path: "/", headers: { host: `evil.example:${port}` } });
        const foreignOrigin = await runsync({
          host: `127.0.0.1:${port}`,
          origin: "http://evil.example",
          "content-type": "application/json",
        });
        // An image or script tag of another page sends no Origin; the browser still says who sent it.
        const crossSite = await rawRequest(server.url, {
          method: "GET",
          path: "/lb-worker/v1/generate",
          headers: { host: `localhost:${port}`, "sec-fetch-site": "cross-site" },
        });
        const textPlain = await runsync({ host: `127.0.0.1:${port}`, "content-type": "text/plain" });
        const noType = await rawRequest(server.url, {
          method: "POST",
          path: "/cpu-worker/run",
          headers: { host: `127.0.0.1:${port}` },
          body: job,
        });

        expect(fromIssue).toEqual(problem(403, "Forbidden", hostRefused(`evil.example:${port}`)));
        expect(rebound).toEqual(problem(403, "Forbidden", hostRefused(`evil.example:${port}`)));
        expect(reboundRead).toEqual(problem(403, "Forbidden", hostRefused(`evil.example:${port}`)));
        expect(foreignOrigin).toEqual(problem(403, "Forbidden", originRefused));
        expect(crossSite).toEqual(problem(403, "Forbidden", siteRefused));
        expect(textPlain).toEqual(
          problem(415, "Unsupported Media Type", 'POST /cpu-worker/runsync takes Content-Type application/json, not "text/plain"'),
        );
        expect(noType).toEqual(
          problem(415, "Unsupported Media Type", "POST /cpu-worker/run takes Content-Type application/json, not none"),
        );
        expect(api.emulator.requests).toEqual([]);
        expect(liveEndpoints()).toEqual([]);
        await printed(server, `  POST /cpu-worker/runsync 403 `);
        for (const line of [
          new RegExp(`^  POST /cpu-worker/runsync 403 \\(\\d+ ms\\): ${literally(hostRefused(`evil.example:${port}`))}$`, "m"),
          new RegExp(`^  GET / 403 \\(\\d+ ms\\): ${literally(hostRefused(`evil.example:${port}`))}$`, "m"),
          new RegExp(`^  POST /cpu-worker/runsync 403 \\(\\d+ ms\\): ${literally(originRefused)}$`, "m"),
          new RegExp(`^  GET /lb-worker/v1/generate 403 \\(\\d+ ms\\): ${literally(siteRefused)}$`, "m"),
          /^ {2}POST \/cpu-worker\/runsync 415 \(\d+ ms\): POST \/cpu-worker\/runsync takes Content-Type application\/json, not "text\/plain"$/m,
        ]) {
          await server.waitFor(line);
        }

        const sameOrigin = await runsync({
          host: `localhost:${port}`,
          origin: `http://localhost:${port}`,
          "content-type": "application/json; charset=utf-8",
        });
        expect([sameOrigin.status, (sameOrigin.body as { output: unknown }).output]).toEqual([200, { x: 1 }]);
        expect(liveEndpoints().map((endpoint) => endpoint.name)).toEqual(["live-workers-cpu-worker"]);
      },
    );

    test(
      "a load-balanced path that could leave its endpoint is refused with 400 before anything is sent",
      { timeout: 120_000 },
      async () => {
        const { server, port } = await scaffoldDev();
        const host = `127.0.0.1:${port}`;
        const escapes = [
          { path: "/lb-worker/..%2F..%2Fpods", reason: "an encoded slash or backslash (%2F)" },
          { path: "/lb-worker/..%2f..%2fpods", reason: "an encoded slash or backslash (%2f)" },
          { path: "/lb-worker/..%5C..%5Cpods", reason: "an encoded slash or backslash (%5C)" },
          { path: "/lb-worker/..%5c..%5cpods", reason: "an encoded slash or backslash (%5c)" },
          { path: "/lb-worker/..%252F..%252Fpods", reason: "an encoded slash or backslash (%252F)" },
          { path: "/lb-worker/..\\..\\pods", reason: "a backslash" },
          { path: "/lb-worker/../../pods", reason: 'a ".." segment' },
          { path: "/lb-worker/./pods", reason: 'a "." segment' },
          { path: "/lb-worker/%2e%2e/%2e%2e/pods", reason: 'a ".." segment' },
          { path: "/lb-worker/%252e%252e/%252e%252e/pods", reason: 'a ".." segment' },
          { path: "/cpu-worker/status/..%2F..%2Fpods", reason: "an encoded slash or backslash (%2F)" },
        ];
        for (const { path: attack, reason } of escapes) {
          const name = attack.split("/")[1];
          const refusal = problem(
            400,
            "Bad Request",
            `the path ${attack} has ${reason}, which could reach beyond the endpoint "${name}": it is not passed on`,
          );
          expect([attack, await rawRequest(server.url, { method: "GET", path: attack, headers: { host } })]).toEqual([attack, refusal]);
          const created = await rawRequest(server.url, {
            method: "POST",
            path: attack,
            headers: { host, "content-type": "application/json" },
            body: JSON.stringify({ name: "miner", gpuCount: 8 }),
          });
          expect([attack, created]).toEqual([attack, refusal]);
        }
        expect(api.emulator.requests).toEqual([]);
        expect(api.emulator.snapshot().pods).toEqual([]);
        await server.waitFor(
          /^ {2}POST \/lb-worker\/\.\.%2F\.\.%2Fpods 400 \(\d+ ms\): the path \/lb-worker\/\.\.%2F\.\.%2Fpods has an encoded slash or backslash \(%2F\)/m,
        );

        const inside = await rawRequest(server.url, { method: "GET", path: "/lb-worker/v1/items%20list/...", headers: { host } });
        expect([inside.status, (inside.body as { path: string }).path]).toEqual([200, "/v1/items%20list/..."]);
      },
    );
  });
});
