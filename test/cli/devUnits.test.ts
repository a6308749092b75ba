/** The pure parts of `computeplatform dev`, table-driven, with fast-check for the concurrency limit. */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ConcurrencyLimit } from "../../cli/dev/limit";
import { liveKind, sealSecrets, secretProperties, unsealSecrets } from "../../cli/dev/liveKinds";
import { readsSecret, resolveValue } from "../../cli/dev/liveValues";
import { openApiDocument } from "../../cli/dev/openapiDocument";
import { type DevOptions, parseDevOptions } from "../../cli/dev/options";
import { acceptedHosts, foreignCaller } from "../../cli/dev/ownOrigin";
import { carriesToken, carriesTokenCookie, isLoopback, tokenCookie } from "../../cli/dev/remoteAccess";
import { pathEscape } from "../../provider/client/pathEscape";
import { SecretMask } from "../../cli/dev/secretMask";
import { routeSlashesAsPath, swaggerUiPage } from "../../cli/dev/swaggerUi";
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
  token: false,
  allowHosts: [],
  clean: false,
  stack: "dev",
};

describe("parseDevOptions", () => {
  test.each([
    { args: [], options: defaults },
    { args: ["workers.yaml", "-p", "9000"], options: { ...defaults, manifest: "workers.yaml", port: 9000 } },
    {
      args: ["--port", "65535", "--host", "0.0.0.0", "--allow-remote"],
      options: { ...defaults, port: 65535, host: "0.0.0.0", allowRemote: true },
    },
    { args: ["--no-reload"], options: { ...defaults, reload: false } },
    { args: ["--token"], options: { ...defaults, token: true } },
    { args: ["--no-reload", "--reload"], options: defaults },
    { args: ["--reload", "--no-reload"], options: { ...defaults, reload: false } },
    { args: ["--auto-provision", "-y"], options: { ...defaults, autoProvision: true, yes: true } },
    { args: ["--clean", "m.yaml"], options: { ...defaults, manifest: "m.yaml", clean: true } },
    { args: ["--stack", "org/prod"], options: { ...defaults, stack: "org/prod" } },
    {
      args: ["--host", "0.0.0.0", "--allow-remote", "--allow-host", "gpu-box.lan", "--allow-host", "[fd00::5]:443"],
      options: { ...defaults, host: "0.0.0.0", allowRemote: true, allowHosts: ["gpu-box.lan", "[fd00::5]:443"] },
    },
  ])("$args", ({ args, options }) => {
    expect(parseDevOptions(args)).toEqual(options);
  });

  test.each([
    { args: ["--port", "0"], message: '--port must be an integer from 1 to 65535; got "0"' },
    { args: ["-p", "65536"], message: '--port must be an integer from 1 to 65535; got "65536"' },
    { args: ["-p", "80.5"], message: '--port must be an integer from 1 to 65535; got "80.5"' },
    { args: ["--host", ""], message: "--host must name an address, for example localhost or 0.0.0.0" },
    { args: ["a.yaml", "b.yaml"], message: "unexpected arguments: b.yaml" },
    {
      args: ["--allow-host", "gpu-box.lan"],
      message: "--allow-host needs --allow-remote: on loopback the gateway answers only localhost, 127.0.0.1 and [::1]",
    },
    {
      args: ["--allow-remote", "--allow-host", "evil.example/x"],
      message:
        '--allow-host must be a host name or address, optionally with :PORT, for example gpu-box.lan or [fd00::5]:8888; got "evil.example/x"',
    },
    { args: ["--stack", "my stack"], message: '--stack must be letters, digits, "-", "_", "." or "/"; got "my stack"' },
    {
      args: ["--watch"],
      message:
        "Unknown option '--watch'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--watch\"",
    },
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

describe("the token cookie of the explorer", () => {
  test("is HttpOnly, SameSite=Strict and named by the port; only its own port's cookie with the exact token counts", () => {
    expect(tokenCookie(8931, "s3cret")).toBe("computeplatform-dev-8931=s3cret; HttpOnly; SameSite=Strict; Path=/");
    expect(carriesTokenCookie("a=1; computeplatform-dev-8931=s3cret", 8931, "s3cret")).toBe(true);
    expect(carriesTokenCookie("computeplatform-dev-8932=s3cret", 8931, "s3cret")).toBe(false);
    expect(carriesTokenCookie("computeplatform-dev-8931=s3cre", 8931, "s3cret")).toBe(false);
    expect(carriesTokenCookie(undefined, 8931, "s3cret")).toBe(false);
  });
});

describe("pathEscape, as the gateway uses it", () => {
  test.each([
    { path: "v1/items", escape: undefined },
    { path: "", escape: undefined },
    { path: "v1/items/7/", escape: undefined },
    { path: "files/a%20b", escape: undefined },
    { path: "v1/.../..a/a..", escape: undefined },
    { path: "..%2F..%2Fpods", escape: "an encoded slash or backslash (%2F)" },
    { path: "..%2f..%2fpods", escape: "an encoded slash or backslash (%2f)" },
    { path: "..%5C..%5Cpods", escape: "an encoded slash or backslash (%5C)" },
    { path: "..%5c..%5cpods", escape: "an encoded slash or backslash (%5c)" },
    { path: "..%252F..%252Fpods", escape: "an encoded slash or backslash (%252F)" },
    { path: "..%2525252f..%2525252fpods", escape: "an encoded slash or backslash (%2525252f)" },
    { path: "..\\..\\pods", escape: "a backslash" },
    { path: "../../pods", escape: 'a ".." segment' },
    { path: "v1/../../pods", escape: 'a ".." segment' },
    { path: "./pods", escape: 'a "." segment' },
    { path: "v1/..", escape: 'a ".." segment' },
    { path: "%2e%2e/%2E%2E/pods", escape: 'a ".." segment' },
    { path: ".%2e/pods", escape: 'a ".." segment' },
    { path: "%252e%252e/pods", escape: 'a ".." segment' },
    { path: "%2e/pods", escape: 'a "." segment' },
    { path: "..;/pods", escape: 'a "..;" segment' },
    { path: "..%00/pods", escape: 'a "..\\u0000" segment' },
  ])("$path → $escape", ({ path, escape }) => {
    expect(pathEscape(path)).toBe(escape);
  });
});

describe("foreignCaller", () => {
  const loopback = { host: "127.0.0.1", port: 8888, allowHosts: [] };
  const runsync = { method: "POST", path: "/echo/runsync" };
  const hostRefused = (host: string) =>
    `Host "${host}" is not this gateway's: it answers only localhost:8888, 127.0.0.1:8888, [::1]:8888 (a page of another site can reach it through DNS rebinding)`;
  const originRefused = (origin: string) =>
    `Origin "${origin}" is not this gateway's own: pages of other sites may not call it (scripts and SDKs send no Origin)`;
  const siteRefused = (site: string) =>
    `Sec-Fetch-Site "${site}": the browser says another site sent this request, and pages of other sites may not call this gateway`;

  test.each([
    { headers: { host: "127.0.0.1:8888" }, refusal: undefined },
    { headers: { host: "localhost:8888" }, refusal: undefined },
    { headers: { host: "LocalHost:8888" }, refusal: undefined },
    { headers: { host: "[::1]:8888" }, refusal: undefined },
    { headers: { host: "evil.example:8888" }, refusal: hostRefused("evil.example:8888") },
    { headers: { host: "127.0.0.1:8889" }, refusal: hostRefused("127.0.0.1:8889") },
    { headers: { host: "127.0.0.1" }, refusal: hostRefused("127.0.0.1") },
    { headers: { host: "127.0.0.2:8888" }, refusal: hostRefused("127.0.0.2:8888") },
    {
      headers: {},
      refusal:
        "a request without a Host header is not this gateway's: it answers only localhost:8888, 127.0.0.1:8888, [::1]:8888 (a page of another site can reach it through DNS rebinding)",
    },
    { headers: { host: "evil.example:8888", origin: "http://evil.example" }, refusal: hostRefused("evil.example:8888") },
    { headers: { host: "127.0.0.1:8888", origin: "http://localhost:8888" }, refusal: undefined },
    { headers: { host: "127.0.0.1:8888", origin: "http://[::1]:8888" }, refusal: undefined },
    { headers: { host: "127.0.0.1:8888", origin: "http://evil.example" }, refusal: originRefused("http://evil.example") },
    { headers: { host: "127.0.0.1:8888", origin: "https://127.0.0.1:8888" }, refusal: originRefused("https://127.0.0.1:8888") },
    { headers: { host: "127.0.0.1:8888", origin: "http://127.0.0.1:3000" }, refusal: originRefused("http://127.0.0.1:3000") },
    { headers: { host: "127.0.0.1:8888", origin: "null" }, refusal: originRefused("null") },
    { headers: { host: "127.0.0.1:8888", "sec-fetch-site": "same-origin" }, refusal: undefined },
    { headers: { host: "127.0.0.1:8888", "sec-fetch-site": "none" }, refusal: undefined },
    { headers: { host: "127.0.0.1:8888", "sec-fetch-site": "cross-site" }, refusal: siteRefused("cross-site") },
    { headers: { host: "127.0.0.1:8888", "sec-fetch-site": "same-site" }, refusal: siteRefused("same-site") },
  ])("POST /echo/runsync with $headers → $refusal", ({ headers, refusal }) => {
    expect(foreignCaller(headers, runsync, loopback)).toBe(refusal);
  });

  test("a link of another site may open the explorer, and nothing else", () => {
    const crossSite = { host: "localhost:8888", "sec-fetch-site": "cross-site" };
    expect(foreignCaller(crossSite, { method: "GET", path: "/docs" }, loopback)).toBeUndefined();
    expect(foreignCaller(crossSite, { method: "GET", path: "/docs/swagger-ui.css" }, loopback)).toBeUndefined();
    expect(foreignCaller(crossSite, { method: "POST", path: "/docs" }, loopback)).toBe(siteRefused("cross-site"));
    expect(foreignCaller(crossSite, { method: "GET", path: "/docsx" }, loopback)).toBe(siteRefused("cross-site"));
    // Deeper than the explorer's own files: what an endpoint named docs would route to its worker.
    expect(foreignCaller(crossSite, { method: "GET", path: "/docs/a/b" }, loopback)).toBe(siteRefused("cross-site"));
    expect(foreignCaller(crossSite, { method: "GET", path: "/docs/" }, loopback)).toBe(siteRefused("cross-site"));
    expect(foreignCaller(crossSite, { method: "GET", path: "/web/v1/items" }, loopback)).toBe(siteRefused("cross-site"));
  });

  test("on port 80 a name without its port is its own, as browsers send it", () => {
    expect(acceptedHosts({ host: "localhost", port: 80, allowHosts: [] })).toEqual(
      new Set(["localhost:80", "localhost", "127.0.0.1:80", "127.0.0.1", "[::1]:80", "[::1]"]),
    );
  });

  test("off loopback on a wildcard address: this machine's addresses and host name, and the --allow-host names", () => {
    const remote = { host: "0.0.0.0", port: 9000, allowHosts: ["gpu-box.lan", "Proxy.example:443"] };
    const addresses = Object.values(os.networkInterfaces()).flatMap((entries) =>
      (entries ?? []).map((entry) => (entry.family === "IPv6" ? `[${entry.address}]` : entry.address)),
    );
    const accepted = [...addresses, os.hostname(), "0.0.0.0", "localhost", "gpu-box.lan"].map((name) => `${name}:9000`);
    for (const host of [...accepted, "proxy.example:443"])
      expect(foreignCaller({ host, origin: `http://${host}` }, runsync, remote)).toBeUndefined();
    expect(acceptedHosts(remote)).toEqual(
      new Set([...accepted.map((host) => host.toLowerCase()), "127.0.0.1:9000", "[::1]:9000", "proxy.example:443"]),
    );
    expect(foreignCaller({ host: "evil.example:9000" }, runsync, remote)).toBe(
      `Host "evil.example:9000" is not this gateway's: it answers only this machine's addresses and host name with port 9000, and gpu-box.lan, Proxy.example:443 (a page of another site can reach it through DNS rebinding)`,
    );
    expect(foreignCaller({ host: "gpu-box.lan:9001" }, runsync, remote)).toMatch(/^Host "gpu-box\.lan:9001" is not this gateway's/);
  });

  test("bound to one address off loopback: that address and the loopback names, not the machine's others", () => {
    const binding = { host: "fd00::5", port: 9000, allowHosts: [] };
    expect(acceptedHosts(binding)).toEqual(new Set(["localhost:9000", "127.0.0.1:9000", "[::1]:9000", "[fd00::5]:9000"]));
    expect(foreignCaller({ host: "evil.example:9000" }, runsync, binding)).toBe(
      `Host "evil.example:9000" is not this gateway's: it answers only localhost:9000, 127.0.0.1:9000, [::1]:9000, [fd00::5]:9000 (a page of another site can reach it through DNS rebinding)`,
    );
  });
});

describe("routeSlashesAsPath, the explorer's request hook", () => {
  test.each([
    { url: "/web/v1%2Fgenerate", sent: "/web/v1/generate" },
    { url: "http://127.0.0.1:8888/web/v1%2fitems%2F7?q=a%2Fb", sent: "http://127.0.0.1:8888/web/v1/items/7?q=a%2Fb" },
    { url: "/web/a%20b", sent: "/web/a%20b" },
    { url: "/docs/openapi.json", sent: "/docs/openapi.json" },
  ])("$url → $sent", ({ url, sent }) => {
    expect(routeSlashesAsPath({ url, method: "GET" })).toEqual({ url: sent, method: "GET" });
  });

  test("the page runs it on every request, as a script of its own", () => {
    const page = swaggerUiPage("/docs/openapi.json");
    const hook = /requestInterceptor: ([\s\S]*?),\n\}\);/.exec(page)?.[1];
    const inBrowser = new Function(`return (${hook});`)() as typeof routeSlashesAsPath;
    expect(inBrowser({ url: "/web/v1%2Fgenerate?q=a%2Fb" })).toEqual({ url: "/web/v1/generate?q=a%2Fb" });
  });
});

describe("SecretMask", () => {
  test("masks each secret as it is and as it reads in a JSON string, the longest first, in text and at any depth", () => {
    const mask = new SecretMask();
    mask.add("pw");
    mask.add('pw-"quoted"');
    mask.add("");
    expect(mask.text('a pw-"quoted" and pw, \\"pw-\\"quoted\\"')).toBe('a [secret] and [secret], \\"[secret]');
    expect(mask.value({ detail: 'Unknown data center "pw"', errors: [{ pw: ["x pw"] }], status: 400 })).toEqual({
      detail: 'Unknown data center "[secret]"',
      errors: [{ "[secret]": ["x [secret]"] }],
      status: 400,
    });
    expect(new SecretMask().text("nothing to mask")).toBe("nothing to mask");
  });
});

describe("ConcurrencyLimit", () => {
  test("never runs more than its maximum at once, reaches it when there is enough work, and runs every task", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
        async (max, delays) => {
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
        },
      ),
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

describe("readsSecret", () => {
  // Here tmpl's env is secret, and nothing else of any resource.
  const secretOutput = (resource: string, output: string) => resource === "tmpl" && output === "env";
  test.each<{ value: ManifestValue; reads: boolean }>([
    { value: parseExpression("${config.token}"), reads: true },
    { value: { env: { TOKEN: parseExpression("Bearer ${config.token}") } }, reads: true },
    { value: [1, { deep: [parseExpression("${config.aws:region}")] }], reads: true },
    { value: parseExpression("serve --token ${tmpl.env.TOKEN}"), reads: true },
    { value: [parseExpression('${tmpl.env["TOKEN"]}')], reads: true },
    { value: { env: { NAME: parseExpression("${tmpl.name}") }, disk: 20 }, reads: false },
    { value: parseExpression("${other.env.TOKEN}"), reads: false },
    { value: "config.token", reads: false },
    { value: null, reads: false },
  ])("$value → $reads", ({ value, reads }) => {
    expect(readsSecret(value, secretOutput)).toBe(reads);
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

  test("the cache holds keyed digests of the credential; the old outputs get the value back while it is unchanged, and leave a changed one out", () => {
    const outputs = { name: "live-creds", username: "puller", password: "hunter2" };
    const sealed = sealSecrets(registry, outputs);

    expect(JSON.stringify(sealed)).not.toContain("hunter2");
    expect(JSON.stringify(sealed)).not.toContain("puller");
    expect(JSON.stringify(sealed)).not.toContain(sha256("hunter2"));
    expect(sealed.password).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(unsealSecrets(registry, sealed, outputs)).toEqual(outputs);
    expect(unsealSecrets(registry, sealed, { ...outputs, password: "rotated" })).toEqual({ name: "live-creds", username: "puller" });
  });

  test("a plain sha256 digest, as caches of earlier versions hold, still stands for its value", () => {
    const legacy = { name: "live-creds", username: `sha256:${sha256("puller")}`, password: `sha256:${sha256("hunter2")}` };

    expect(unsealSecrets(registry, legacy, { username: "puller", password: "hunter2" })).toEqual({
      name: "live-creds",
      username: "puller",
      password: "hunter2",
    });
    expect(unsealSecrets(registry, legacy, { username: "puller", password: "rotated" })).toEqual({
      name: "live-creds",
      username: "puller",
    });
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
    expect(() => sealSecrets(registry, { password: "hunter2" })).toThrow(
      `${keyFile} is readable by other users (mode 644); make it private with \`chmod 600 ${keyFile}\``,
    );
  });

  test("a kind's secrets (env among them) and each property that reads stack config are sealed", () => {
    const endpoint = secretProperties(liveKind("ServerlessEndpoint", "echo"), ["image"]);
    const outputs = { name: "live-echo", image: "acme/echo:1", env: { TOKEN: "s3cret" }, workers: { max: 3 } };
    const sealed = sealSecrets(endpoint, outputs);

    expect(endpoint).toEqual(["env", "image"]);
    expect(secretProperties(liveKind("Template", "base"), [])).toEqual(["env"]);
    expect(registry).toEqual(["username", "password"]);
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
    const document = openApiDocument("manifest.yaml", endpoints, false) as {
      paths: Record<string, Record<string, { summary: string; operationId: string }>>;
      security?: unknown;
    };
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
