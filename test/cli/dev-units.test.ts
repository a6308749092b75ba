/** The pure parts of `computeplatform dev`, table-driven, with fast-check for the concurrency limit. */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ConcurrencyLimit } from "../../cli/dev/limit";
import { liveKind, sealSecrets, secretProperties, unsealSecrets } from "../../cli/dev/liveKinds";
import { readsConfig, resolveValue } from "../../cli/dev/liveValues";
import { openApiDocument } from "../../cli/dev/openapiDocument";
import { type DevOptions, parseDevOptions } from "../../cli/dev/options";
import { carriesToken, isLoopback } from "../../cli/dev/remoteAccess";
import type { ManifestValue } from "../../provider/manifest";
import { parseExpression } from "../../provider/manifest/expression";

const defaults: DevOptions = {
  manifest: "manifest.yaml",
  host: "localhost",
  port: 8888,
  reload: true,
  autoProvision: false,
  yes: false,
  allowRemote: false,
  clean: false,
  stack: "dev",
};

describe("parseDevOptions", () => {
  test.each([
    { args: [], options: defaults },
    { args: ["workers.yaml", "-p", "9000"], options: { ...defaults, manifest: "workers.yaml", port: 9000 } },
    { args: ["--port", "65535", "--host", "0.0.0.0", "--allow-remote"], options: { ...defaults, port: 65535, host: "0.0.0.0", allowRemote: true } },
    { args: ["--no-reload"], options: { ...defaults, reload: false } },
    { args: ["--no-reload", "--reload"], options: defaults },
    { args: ["--reload", "--no-reload"], options: { ...defaults, reload: false } },
    { args: ["--auto-provision", "-y"], options: { ...defaults, autoProvision: true, yes: true } },
    { args: ["--clean", "m.yaml"], options: { ...defaults, manifest: "m.yaml", clean: true } },
    { args: ["--stack", "org/prod"], options: { ...defaults, stack: "org/prod" } },
  ])("$args", ({ args, options }) => {
    expect(parseDevOptions(args)).toEqual(options);
  });

  test.each([
    { args: ["--port", "0"], message: '--port must be an integer from 1 to 65535; got "0"' },
    { args: ["-p", "65536"], message: '--port must be an integer from 1 to 65535; got "65536"' },
    { args: ["-p", "80.5"], message: '--port must be an integer from 1 to 65535; got "80.5"' },
    { args: ["--host", ""], message: "--host must name an address, for example localhost or 0.0.0.0" },
    { args: ["a.yaml", "b.yaml"], message: "unexpected arguments: b.yaml" },
    { args: ["--stack", "my stack"], message: '--stack must be letters, digits, "-", "_", "." or "/"; got "my stack"' },
    { args: ["--watch"], message: "Unknown option '--watch'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--watch\"" },
  ])("$args fails: $message", ({ args, message }) => {
    expect(() => parseDevOptions(args)).toThrow(message);
  });
});

describe("isLoopback", () => {
  test.each([
    { host: "localhost", loopback: true },
    { host: "127.0.0.1", loopback: true },
    { host: "127.1.2.3", loopback: true },
    { host: "::1", loopback: true },
    { host: "[::1]", loopback: true },
    { host: "0.0.0.0", loopback: false },
    { host: "::", loopback: false },
    { host: "192.168.1.10", loopback: false },
    { host: "127.example.com", loopback: false },
    { host: "dev.example.com", loopback: false },
  ])("$host → $loopback", ({ host, loopback }) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe("carriesToken", () => {
  test.each([
    { authorization: "Bearer s3cret", carries: true },
    { authorization: "bearer s3cret", carries: true },
    { authorization: "Bearer s3cre", carries: false },
    { authorization: "Bearer s3cret2", carries: false },
    { authorization: "Basic s3cret", carries: false },
    { authorization: "s3cret", carries: false },
    { authorization: undefined, carries: false },
  ])("$authorization → $carries", ({ authorization, carries }) => {
    expect(carriesToken(authorization, "s3cret")).toBe(carries);
  });
});

describe("ConcurrencyLimit", () => {
  test("never runs more than its maximum at once, reaches it when there is enough work, and runs every task", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }), async (max, delays) => {
        const limit = new ConcurrencyLimit(max);
        let running = 0;
        let peak = 0;
        const results = await Promise.all(
          delays.map((delay, index) =>
            limit.run(async () => {
              running++;
              peak = Math.max(peak, running);
              await new Promise((resolve) => setTimeout(resolve, delay));
              running--;
              return index;
            }),
          ),
        );
        expect(results).toEqual(delays.map((_, index) => index));
        expect(peak).toBe(Math.min(max, delays.length));
      }),
      { numRuns: 40 },
    );
  });

  test("a failing task frees its slot", async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit.run(async () => "next")).resolves.toBe("next");
  });
});

describe("resolveValue", () => {
  const live = new Map([["tmpl", { id: "t-1", outputs: { name: "live-tmpl", ports: ["8000/http"], env: { A: "1" } } }]]);
  const config = async (key: string) => `config:${key}`;

  test.each([
    { written: "${tmpl.id}", resolved: "t-1" },
    { written: "${tmpl.ports}", resolved: ["8000/http"] },
    { written: "${tmpl.env.A}", resolved: "1" },
    { written: "${tmpl.ports[0]}", resolved: "8000/http" },
    { written: "id ${tmpl.id} ports ${tmpl.ports}", resolved: 'id t-1 ports ["8000/http"]' },
    { written: "${config.token}", resolved: "config:token" },
    { written: "plain", resolved: "plain" },
  ])("$written → $resolved", async ({ written, resolved }) => {
    expect(await resolveValue(parseExpression(written), live, config)).toEqual(resolved);
  });

  test("resolves inside arrays and maps", async () => {
    const value = { networkVolumes: [parseExpression("${tmpl.id}")], env: { NAME: parseExpression("${tmpl.name}") }, disk: 20 };
    expect(await resolveValue(value, live, config)).toEqual({ networkVolumes: ["t-1"], env: { NAME: "live-tmpl" }, disk: 20 });
  });
});

describe("readsConfig", () => {
  test.each<{ value: ManifestValue; reads: boolean }>([
    { value: parseExpression("${config.token}"), reads: true },
    { value: { env: { TOKEN: parseExpression("Bearer ${config.token}") } }, reads: true },
    { value: [1, { deep: [parseExpression("${config.aws:region}")] }], reads: true },
    { value: { env: { NAME: parseExpression("${tmpl.name}") }, disk: 20 }, reads: false },
    { value: "config.token", reads: false },
    { value: null, reads: false },
  ])("$value → $reads", ({ value, reads }) => {
    expect(readsConfig(value)).toBe(reads);
  });
});

describe("sealSecrets", () => {
  const registry = secretProperties(liveKind("Registry", "creds"), []);
  const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");
  let configHome: string;

  beforeEach(() => {
    configHome = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-config-"));
    vi.stubEnv("XDG_CONFIG_HOME", configHome);
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(configHome, { recursive: true, force: true });
  });

  test("the cache holds keyed digests of the credential, and the old outputs get the value back while it is unchanged", () => {
    const outputs = { name: "live-creds", username: "puller", password: "hunter2" };
    const sealed = sealSecrets(registry, outputs);

    expect(JSON.stringify(sealed)).not.toContain("hunter2");
    expect(JSON.stringify(sealed)).not.toContain("puller");
    expect(JSON.stringify(sealed)).not.toContain(sha256("hunter2"));
    expect(sealed.password).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(unsealSecrets(registry, sealed, outputs)).toEqual(outputs);
    expect(unsealSecrets(registry, sealed, { ...outputs, password: "rotated" })).toEqual({ ...sealed, username: "puller" });
  });

  test("a plain sha256 digest, as caches of earlier versions hold, still stands for its value", () => {
    const legacy = { name: "live-creds", username: `sha256:${sha256("puller")}`, password: `sha256:${sha256("hunter2")}` };

    expect(unsealSecrets(registry, legacy, { username: "puller", password: "hunter2" })).toEqual({ name: "live-creds", username: "puller", password: "hunter2" });
    expect(unsealSecrets(registry, legacy, { username: "puller", password: "rotated" })).toEqual({ ...legacy, username: "puller" });
  });

  test("the key is made on first use, 0600 in a 0700 folder of the user's config, and another user's key gives other digests", () => {
    const first = sealSecrets(registry, { password: "hunter2" });
    const keyFile = path.join(configHome, "computeplatform", "digest.key");

    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
    expect(sealSecrets(registry, { password: "hunter2" })).toEqual(first);
    vi.stubEnv("XDG_CONFIG_HOME", fs.mkdtempSync(path.join(configHome, "other-")));
    expect(sealSecrets(registry, { password: "hunter2" }).password).not.toBe(first.password);
  });

  test("a key file others can read is refused with how to fix it", () => {
    const keyFile = path.join(configHome, "computeplatform", "digest.key");
    fs.mkdirSync(path.dirname(keyFile), { mode: 0o700 });
    fs.writeFileSync(keyFile, `${"ab".repeat(32)}\n`, { mode: 0o644 });
    expect(() => sealSecrets(registry, { password: "hunter2" })).toThrow(`${keyFile} is readable by other users (mode 644); make it private with \`chmod 600 ${keyFile}\``);
  });

  test("env is a secret of every kind, and so is each property that reads stack config", () => {
    const endpoint = secretProperties(liveKind("ServerlessEndpoint", "echo"), ["image"]);
    const outputs = { name: "live-echo", image: "acme/echo:1", env: { TOKEN: "s3cret" }, workers: { max: 3 } };
    const sealed = sealSecrets(endpoint, outputs);

    expect(endpoint).toEqual(["env", "image"]);
    expect(secretProperties(liveKind("Template", "base"), [])).toEqual(["env"]);
    expect(registry).toEqual(["username", "password", "env"]);
    expect(Object.keys(sealed)).toEqual(["name", "image", "env", "workers"]);
    expect([sealed.name, sealed.workers]).toEqual(["live-echo", { max: 3 }]);
    expect(JSON.stringify(sealed)).not.toContain("s3cret");
    expect(JSON.stringify(sealed)).not.toContain("acme/echo:1");
    expect(unsealSecrets(endpoint, sealed, { image: "acme/echo:1", env: { TOKEN: "s3cret" } })).toEqual(outputs);
  });

  test("a type dev does not deploy is refused with what to do instead", () => {
    expect(() => liveKind("Pod", "trainer")).toThrow(
      'dev deploys only ServerlessEndpoint, Template, Registry, NetworkVolume; "trainer" is a Pod: deploy it with `computeplatform up` and reference its id instead',
    );
  });
});

describe("openApiDocument", () => {
  test("one operation per route, the summary from the description or else the name, the bearer scheme only when required", () => {
    const endpoints = [
      { name: "echo", type: "QUEUE" as const, summary: "Echoes." },
      { name: "web", type: "LOAD_BALANCER" as const },
    ];
    const document = openApiDocument("manifest.yaml", endpoints, false) as { paths: Record<string, Record<string, { summary: string; operationId: string }>>; security?: unknown };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, { summary, operationId }]) => `${method.toUpperCase()} ${path} ${operationId}: ${summary}`),
    );

    expect(operations).toEqual([
      "POST /echo/runsync echo_runsync: Echoes.",
      "POST /echo/run echo_run: Echoes.",
      "GET /echo/status/{jobId} echo_status: Echoes.",
      "GET /web/{route} web_get: web",
      "POST /web/{route} web_post: web",
      "PUT /web/{route} web_put: web",
      "PATCH /web/{route} web_patch: web",
      "DELETE /web/{route} web_delete: web",
    ]);
    expect(document.security).toBeUndefined();
    expect((openApiDocument("manifest.yaml", endpoints, true) as { security?: unknown }).security).toEqual([{ token: [] }]);
  });
});
