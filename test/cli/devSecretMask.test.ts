/**
 * What `computeplatform dev` shows and keeps of a secret of stack config: its gateway served over HTTP on loopback in
 * this process, with the deployer and the providers `up` uses, against an emulator whose request log shows every API
 * call. Stack config is the one part given here, as the `pulumi` CLI reads it (value and secrecy), so that no engine
 * runs; the user's config folder is a temporary one (XDG_CONFIG_HOME).
 */
import type { AddressInfo } from "node:net";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { FastifyInstance } from "fastify";
import { stringify } from "yaml";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { LiveCache } from "../../cli/dev/cache";
import { LiveDeployer } from "../../cli/dev/deployer";
import { devEndpoints } from "../../cli/dev/endpoints";
import { buildGateway } from "../../cli/dev/gateway";
import type { ConfigValue } from "../../cli/dev/stackConfig";
import { validateManifest } from "../../provider/manifest";
import { sharedClient } from "../../provider/sharedClient";
import { postJson } from "../support/devSession";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

let api: TestEmulator;
let folder: string;
let log: string[];
const gateways: FastifyInstance[] = [];

/** Stack config as `pulumi config` holds it: `region` and `token` secret, `mode` plain. */
const config: Record<string, ConfigValue> = {
  region: { value: "reg-SECRET-pw-888", secret: true },
  token: { value: "tok-SECRET-5d1e", secret: true },
  mode: { value: "plain-mode", secret: false },
};

/** `dev`'s gateway for `resources`, listening on a free loopback port: its URL. */
async function serve(resources: object): Promise<string> {
  const file = path.join(folder, "manifest.yaml");
  fs.writeFileSync(file, stringify({ resources }));
  const { manifest } = await validateManifest({ file, text: fs.readFileSync(file, "utf8") });
  const deployer = new LiveDeployer({
    manifest: () => manifest!,
    cache: new LiveCache(file),
    config: async (key) => config[key]!,
    log: (line) => log.push(line),
  });
  const gateway = buildGateway({
    endpoints: () => devEndpoints(manifest!),
    openApi: () => ({}),
    deployer,
    client: sharedClient,
    binding: { host: "127.0.0.1", allowHosts: [] },
    log: (line) => log.push(line),
  });
  gateways.push(gateway);
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
}

const endpoint = (properties: object) => ({
  type: "ServerlessEndpoint",
  properties: { name: "worker", type: "QUEUE", gpu: { pools: ["ADA_24"] }, scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, ...properties },
});

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  await api?.emulator.close();
});

beforeEach(() => {
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-mask-")));
  log = [];
  vi.stubEnv("COMPUTEPLATFORM_API_URL", api.emulator.url);
  vi.stubEnv("COMPUTEPLATFORM_API_KEY", api.apiKey);
  vi.stubEnv("XDG_CONFIG_HOME", path.join(folder, "user-config"));
  api.emulator.resetRequests();
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
  vi.unstubAllEnvs();
  fs.rmSync(folder, { recursive: true, force: true });
});

test("a secret of stack config that the platform quotes in its error reads [secret] in the answer, in GET / and in the log", async () => {
  const url = await serve({
    worker: endpoint({ image: "acme/echo:1", dataCenterIds: ["${config.region}"], args: "--mode ${config.mode}" }),
  });

  const answer = await postJson(`${url}/worker/runsync`, { input: {} });
  const health = await (await fetch(`${url}/`)).json();

  // The platform was sent the value itself, and refused it quoting it.
  expect(
    api.emulator.requests.filter((request) => request.method === "POST").map(({ method, path: at, status }) => `${method} ${at} ${status}`),
  ).toEqual(["POST /v2/serverless 400"]);
  expect([answer.status, await answer.json()]).toEqual([
    400,
    { title: "Bad Request", status: 400, detail: 'Unknown data center "[secret]" in dataCenterIds' },
  ]);
  expect(health).toEqual({
    status: "ok",
    endpoints: [
      {
        name: "worker",
        type: "QUEUE",
        route: "POST /worker/runsync",
        state: "failed",
        error: expect.stringMatching(
          /^POST \/v2\/serverless failed with 400 Bad Request: Unknown data center "\[secret\]" in dataCenterIds \[request [0-9a-f-]+\]$/,
        ),
      },
    ],
  });
  expect(log.join("\n")).not.toContain("reg-SECRET-pw-888");
  expect(log).toContain("worker: deploying live-worker");
});

test("a secret reached through a reference is kept in the cache only as a digest, like a direct one, and still tells a change", async () => {
  const resources = {
    base: { type: "Template", properties: { name: "base", image: "acme/echo:1", serverless: true, env: { TOKEN: "${config.token}" } } },
    worker: endpoint({ templateId: "${base.id}", args: "serve --token ${base.env.TOKEN}" }),
  };
  let url = await serve(resources);
  expect((await postJson(`${url}/worker/runsync`, { input: { n: 1 } })).status).toBe(200);
  const live = api.emulator.snapshot().endpoints.find((candidate) => candidate.name === "live-worker")!;
  expect(live.args).toBe("serve --token tok-SECRET-5d1e");

  const cache = fs.readFileSync(path.join(folder, ".computeplatform-dev.json"), "utf8");
  expect(cache).not.toContain("tok-SECRET-5d1e");
  const entries = (JSON.parse(cache) as { resources: Record<string, { outputs: Record<string, unknown> }> }).resources;
  expect(entries.worker!.outputs.args).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);

  // A restart from the cache: the digest stands for the unchanged value, so nothing is updated.
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
  api.emulator.resetRequests();
  url = await serve(resources);
  expect((await postJson(`${url}/worker/runsync`, { input: { n: 2 } })).status).toBe(200);
  expect(api.emulator.requests.filter((request) => request.method !== "GET" && !request.path.endsWith("/runsync"))).toEqual([]);
});
