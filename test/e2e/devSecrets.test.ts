/**
 * What `computeplatform dev` keeps on disk: the built CLI as a subprocess, reading secrets from a real stack's config
 * through the real `pulumi` CLI, against an emulator in this process whose request log shows every API call.
 * Nothing is mocked; the user's config folder is a temporary one (XDG_CONFIG_HOME).
 */
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, postJson, startDevOnLoopback } from "../support/devSession";
import type { TestEmulator } from "../support/emulator";
import { exec, stackCommandEnvironment } from "../support/subprocess";

const CACHE_FILE = ".computeplatform-dev.json";

let api: TestEmulator;
let folder: string;
let configHome: string;
let env: NodeJS.ProcessEnv;
const running: DevServer[] = [];

const dev = async () => {
  const server = await startDevOnLoopback(folder, env);
  running.push(server);
  return server;
};
const pulumi = (...args: string[]) => exec("pulumi", [...args, "--non-interactive"], { cwd: folder, env });
const setSecret = async (key: string, value: string) =>
  expect((await pulumi("config", "set", "--secret", key, value, "--stack", "dev")).code).toBe(0);
const changes = () =>
  api.emulator.requests.filter(
    (request) =>
      request.method === "PATCH" || (request.method === "POST" && /^\/v2\/(serverless|templates|registries)$/.test(request.path)),
  );
const liveWorker = () => api.emulator.snapshot().endpoints.find((endpoint) => endpoint.name === "live-worker");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A registry credential, a template that uses it, and an endpoint made from the template with env of its own. */
function writeManifest(mode: string): void {
  const resources = {
    creds: { type: "Registry", properties: { name: "creds", username: "puller-8f3a", password: "${config.registryPassword}" } },
    base: {
      type: "Template",
      properties: {
        name: "base",
        image: "ghcr.io/acme/worker:1",
        registry: "${creds.id}",
        serverless: true,
        env: { FROM: "from-template-5e2a" },
      },
    },
    worker: {
      type: "ServerlessEndpoint",
      properties: {
        name: "worker",
        type: "QUEUE",
        templateId: "${base.id}",
        gpu: { pools: ["ADA_24"] },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
        env: { API_TOKEN: "${config.apiToken}", MODE: mode },
      },
    },
  };
  fs.writeFileSync(path.join(folder, "manifest.yaml"), stringify({ resources }));
}

const emulator = emulatorForDev();

beforeEach(async () => {
  api = emulator();
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-secrets-")));
  configHome = path.join(folder, "user-config");
  env = { ...(await stackCommandEnvironment(folder, api)), XDG_CONFIG_HOME: configHome };
  api.emulator.resetRequests();
});

afterEach(async () => {
  const outputs = await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(api.apiKey);
  fs.rmSync(folder, { recursive: true, force: true });
});

test(
  "the cache is 0600 and holds only keyed digests of env, registry credentials and config secrets; a changed secret is one PATCH, an unchanged one none",
  { timeout: 300_000 },
  async () => {
    const password = `hunter2-${randomBytes(6).toString("hex")}`;
    const token = `tok-${randomBytes(6).toString("hex")}`;
    fs.writeFileSync(path.join(folder, "Pulumi.yaml"), "name: dev-secrets\nruntime: nodejs\n");
    expect((await pulumi("stack", "init", "dev")).code).toBe(0);
    await setSecret("registryPassword", password);
    await setSecret("apiToken", token);
    writeManifest("fast-mode-7c1e");

    let server = await dev();
    expect((await postJson(`${server.url}/worker/runsync`, { input: { n: 1 } })).status).toBe(200);
    const worker = liveWorker()!;
    expect(worker.env).toEqual({ FROM: "from-template-5e2a", API_TOKEN: token, MODE: "fast-mode-7c1e" });

    const cacheFile = path.join(folder, CACHE_FILE);
    const keyFile = path.join(configHome, "computeplatform", "digest.key");
    expect(fs.statSync(cacheFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
    const secrets = [password, token, "puller-8f3a", "fast-mode-7c1e", "from-template-5e2a"];
    const assertNoSecretIn = (text: string) => {
      for (const secret of secrets) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(sha256(secret));
        expect(text).not.toContain(sha256(JSON.stringify(secret)));
      }
    };
    const cache = fs.readFileSync(cacheFile, "utf8");
    assertNoSecretIn(cache);
    const entries = (JSON.parse(cache) as { resources: Record<string, { id: string; outputs: Record<string, unknown> }> }).resources;
    expect(Object.keys(entries).sort()).toEqual(["base", "creds", "worker"]);
    expect(entries.worker!.id).toBe(worker.id);
    expect([
      entries.creds!.outputs.username,
      entries.creds!.outputs.password,
      entries.base!.outputs.env,
      entries.worker!.outputs.env,
    ]).toEqual([
      expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
    ]);
    expect(fs.readdirSync(folder).filter((name) => name.includes(CACHE_FILE))).toEqual([CACHE_FILE]);

    // An edit while it runs: the endpoint is updated with one PATCH that keeps the env its template gave it.
    api.emulator.resetRequests();
    writeManifest("slow-mode-2d9b");
    await server.waitFor(/^Reloaded manifest\.yaml: 1 serverless endpoint$/m);
    expect((await postJson(`${server.url}/worker/runsync`, { input: { n: 2 } })).status).toBe(200);
    expect(changes().map(({ method, path: requestPath }) => `${method} ${requestPath}`)).toEqual([`PATCH /v2/serverless/${worker.id}`]);
    expect(liveWorker()?.env).toEqual({ FROM: "from-template-5e2a", API_TOKEN: token, MODE: "slow-mode-2d9b" });
    await server.stop();

    // A restart with nothing changed, from a cache as earlier versions wrote it (0644, env in clear, plain sha256
    // of the credential): nothing is updated, and the cache is rewritten without them.
    const legacyDigest = (value: string) => `sha256:${sha256(JSON.stringify(value))}`;
    const legacy = JSON.parse(fs.readFileSync(cacheFile, "utf8")) as { resources: typeof entries };
    Object.assign(legacy.resources.creds!.outputs, { username: legacyDigest("puller-8f3a"), password: legacyDigest(password) });
    legacy.resources.base!.outputs.env = { FROM: "from-template-5e2a" };
    legacy.resources.worker!.outputs.env = { FROM: "from-template-5e2a", API_TOKEN: token, MODE: "slow-mode-2d9b" };
    fs.writeFileSync(cacheFile, JSON.stringify(legacy), { mode: 0o644 });
    fs.chmodSync(cacheFile, 0o644);
    api.emulator.resetRequests();
    server = await dev();
    expect((await postJson(`${server.url}/worker/runsync`, { input: { n: 3 } })).status).toBe(200);
    expect(changes()).toEqual([]);
    await server.stop();
    secrets.push("slow-mode-2d9b");
    assertNoSecretIn(fs.readFileSync(cacheFile, "utf8"));
    expect(fs.statSync(cacheFile).mode & 0o777).toBe(0o600);

    // A restart after the secret changed in stack config: one PATCH, and the cache still holds no secret.
    const rotated = `tok-${randomBytes(6).toString("hex")}`;
    secrets.push(rotated);
    await setSecret("apiToken", rotated);
    api.emulator.resetRequests();
    server = await dev();
    expect((await postJson(`${server.url}/worker/runsync`, { input: { n: 4 } })).status).toBe(200);
    expect(changes().map(({ method, path: requestPath }) => `${method} ${requestPath}`)).toEqual([`PATCH /v2/serverless/${worker.id}`]);
    expect(liveWorker()?.env).toEqual({ FROM: "from-template-5e2a", API_TOKEN: rotated, MODE: "slow-mode-2d9b" });
    await server.stop();
    assertNoSecretIn(fs.readFileSync(cacheFile, "utf8"));
    expect(fs.statSync(cacheFile).mode & 0o777).toBe(0o600);

    const outputs = running.map((each) => each.stdout + each.stderr).join("");
    for (const secret of [password, token, rotated]) expect(outputs).not.toContain(secret);
  },
);
