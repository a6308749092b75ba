import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { help } from "../../cli/migrate";
import { validateManifest } from "../../provider/manifest";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec, type Finished } from "../support/subprocess";

const main = path.join(repoRoot, "dist", "cli", "main.js");
const fixtures = path.join(repoRoot, "test", "fixtures", "v1");
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), "utf8");

/** Runs the built CLI as a user would, from the fixtures folder, with `stdin` as its standard input. */
const computeplatform = (args: string[], stdin = ""): Promise<Finished> =>
  exec(process.execPath, [main, ...args], { cwd: fixtures, stdin });

let scratch: string;

beforeAll(() => {
  ensureBuilt();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-"));
}, 120_000);

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Asserts that a migrated manifest passes `validateManifest` and `computeplatform validate`. */
async function expectValid(manifest: string, name: string): Promise<void> {
  const file = path.join(scratch, `${name}.yaml`);
  fs.writeFileSync(file, manifest);
  expect((await validateManifest({ file, text: manifest })).issues).toEqual([]);
  const validated = await computeplatform(["validate", file]);
  expect({ code: validated.code, stderr: validated.stderr }).toEqual({ code: 0, stderr: "" });
}

const lines = (...list: string[]) => list.map((line) => `${line}\n`).join("");

describe("computeplatform migrate", () => {
  test.each([
    [
      "pod-create-gpu.json",
      lines(
        'note: pods[0] (name "Vision Trainer"): env HF_TOKEN looks like a secret, so it is read from stack config; run: pulumi config set --secret visionTrainerHfToken <value>',
        'warning: pods[0] (name "Vision Trainer"): "gpuTypeIds" lists fallbacks, which v2 does not have: gpu.id is "NVIDIA A100 80GB PCIe"; dropped "NVIDIA H100 80GB HBM3", "NVIDIA L40S"',
        'warning: pods[0] (name "Vision Trainer"): "countryCodes" has no v2 equivalent; dropped',
        'warning: pods[0] (name "Vision Trainer"): "interruptible" has no v2 equivalent; dropped',
        'warning: pods[0] (name "Vision Trainer"): "minRAMPerGPU" has no v2 equivalent; dropped',
        'warning: pods[0] (name "Vision Trainer"): "minVCPUPerGPU" has no v2 equivalent; dropped',
        'warning: pods[0] (name "Vision Trainer"): "minDownloadMbps" has no v2 equivalent; dropped',
        'warning: pods[0] (name "Vision Trainer"): "supportPublicIp" has no v2 equivalent; dropped',
      ),
    ],
    [
      "pod-create-cpu.json",
      lines(
        'warning: pods[0] (name "etl_worker"): "cpuFlavorIds" lists fallbacks, which v2 does not have: cpu.id is "cpu3c"; dropped "cpu5c"',
        'warning: pods[0] (name "etl_worker"): "vcpuCount" 6 is not a power of two of at least 2, as v2 requires; cpu.vcpuCount is 8',
        'warning: pods[0] (name "etl_worker"): "gpuCount" applies only to GPU pods; dropped',
        'warning: pods[0] (name "etl_worker"): "minDiskBandwidthMBps" has no v2 equivalent; dropped',
      ),
    ],
    [
      "pods-list.json",
      lines('warning: pods[2] (name "sdxl-worker"): is a worker of serverless endpoint "jpnw0v75y3qoql", which manages it; skipped'),
    ],
    [
      "endpoint-create.json",
      lines('warning: endpoints[0] (name "sdxl"): "minCudaVersion" cannot be combined with allowedCudaVersions in v2; dropped'),
    ],
    [
      "endpoints-list.json",
      lines(
        'warning: endpoints[1] (name "embedder"): "idleTimeout" does not apply to a queue endpoint scaling on REQUEST_COUNT in v2; dropped',
      ),
    ],
    [
      "template-create.json",
      lines(
        'note: templates[0] (name "trainer-base"): env DB_PASSWORD looks like a secret, so it is read from stack config; run: pulumi config set --secret trainerBaseDbPassword <value>',
        'warning: templates[0] (name "trainer-base"): "dockerEntrypoint" has no v2 equivalent; dropped',
        'warning: templates[0] (name "trainer-base"): "readme" has no v2 equivalent; dropped',
      ),
    ],
    ["templates-list.json", ""],
    [
      "network-volume-create.json",
      lines('warning: networkVolumes[0] (name "scratch"): "size" 5 is below the v2 minimum of 10; size is 10'),
    ],
    ["network-volumes-list.json", ""],
    [
      "registry-create.json",
      lines(
        'note: registries[0] (name "docker hub"): username is read from stack config, never written to the manifest; run: pulumi config set --secret dockerHubUsername <username>',
        'note: registries[0] (name "docker hub"): password is read from stack config, never written to the manifest; run: pulumi config set --secret dockerHubPassword <password>',
      ),
    ],
    [
      "registries-list.json",
      lines(
        'note: registries[0] (name "ghcr"): username is read from stack config, never written to the manifest; run: pulumi config set --secret ghcrUsername <username>',
        'note: registries[0] (name "ghcr"): password is read from stack config, never written to the manifest; run: pulumi config set --secret ghcrPassword <password>',
      ),
    ],
  ])("converts %s into a manifest that validates, naming each field it drops", async (file, stderr) => {
    const result = await computeplatform(["migrate", file]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr });
    expect(result.stdout.split("\n").slice(0, 2)).toEqual([
      "# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json",
      `# Migrated from v1 API objects (${file}) by computeplatform migrate.`,
    ]);
    expect(result.stdout).not.toMatch(/do-not-copy|hf_do_not_copy|org-bot|set-by-the-service/);
    await expectValid(result.stdout, file);
  });

  test("reads standard input with -: list responses of every kind, wrapped by kind, referring to each other", async () => {
    const input = JSON.stringify({
      containerregistryauth: JSON.parse(fixture("registries-list.json")),
      networkVolumes: JSON.parse(fixture("network-volumes-list.json")),
      templates: JSON.parse(fixture("templates-list.json")),
      pods: JSON.parse(fixture("pods-list.json")),
      endpoints: JSON.parse(fixture("endpoints-list.json")),
    });
    const result = await computeplatform(["migrate", "-"], input);
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: 0,
      stderr: lines(
        'note: registries[0] (name "ghcr"): username is read from stack config, never written to the manifest; run: pulumi config set --secret ghcrUsername <username>',
        'note: registries[0] (name "ghcr"): password is read from stack config, never written to the manifest; run: pulumi config set --secret ghcrPassword <password>',
        'warning: pods[2] (name "sdxl-worker"): is a worker of serverless endpoint "jpnw0v75y3qoql", which manages it; skipped',
        'warning: endpoints[1] (name "embedder"): "idleTimeout" does not apply to a queue endpoint scaling on REQUEST_COUNT in v2; dropped',
      ),
    });
    expect(result.stdout).toBe(
      lines(
        "# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json",
        "# Migrated from v1 API objects (standard input) by computeplatform migrate.",
        "resources:",
        "  ghcr:",
        "    type: Registry",
        "    properties:",
        "      name: ghcr",
        "      username: ${config.ghcrUsername}",
        "      password: ${config.ghcrPassword}",
        "      adopt: clzdaifot0001l90809257ynb",
        "  shared-data:",
        "    type: NetworkVolume",
        "    properties:",
        "      name: shared-data",
        "      size: 500",
        "      dataCenter: US-TX-3",
        "      adopt: agv6w2qcg7",
        "  trainer-base:",
        "    type: Template",
        "    properties:",
        "      name: trainer-base",
        "      image: ghcr.io/org/trainer:1.4",
        "      disk: 50",
        "      env:",
        "        LOG_LEVEL: info",
        "      ports:",
        "        - 8888/http",
        "        - 22/tcp",
        "      registry: ${ghcr.id}",
        "      mounts:",
        "        persistent:",
        "          size: 20",
        "          path: /workspace",
        "      public: false",
        "      serverless: false",
        "      category: NVIDIA",
        "      adopt: 30zmvf89kd",
        "  sdxl:",
        "    type: Template",
        "    properties:",
        "      name: sdxl",
        "      image: org/sdxl-worker:0.9",
        "      args: --model sdxl",
        "      disk: 20",
        "      env:",
        "        MODEL_NAME: sdxl",
        "      ports: []",
        "      public: false",
        "      serverless: true",
        "      category: NVIDIA",
        "      adopt: ep1tmpl9xz",
        "  trainer:",
        "    type: Pod",
        "    properties:",
        "      name: trainer",
        "      image: org/trainer:1.2",
        "      templateId: ${trainer-base.id}",
        "      gpu:",
        "        id: NVIDIA A100 80GB PCIe",
        "        count: 2",
        "      mounts:",
        "        network:",
        "          - volumeId: ${shared-data.id}",
        "            path: /workspace",
        "      disk: 50",
        "      env:",
        "        WANDB_PROJECT: vision",
        "      ports:",
        "        - 8888/http",
        "        - 22/tcp",
        "      registry: ${ghcr.id}",
        "      locked: true",
        "      desiredStatus: RUNNING",
        "      adopt: xedezhzb9la3ye",
        "  notebook:",
        "    type: Pod",
        "    properties:",
        "      name: notebook",
        "      image: org/notebook:2024.7",
        "      cpu:",
        "        id: cpu3g",
        "        vcpuCount: 4",
        "        memory: 16",
        "      disk: 30",
        "      ports:",
        "        - 8888/http",
        "      locked: false",
        "      desiredStatus: EXITED",
        "      adopt: k2p9r4tqz81m0c",
        "  sdxl-endpoint:",
        "    type: ServerlessEndpoint",
        "    properties:",
        "      name: sdxl",
        "      type: QUEUE",
        "      templateId: ${sdxl.id}",
        "      env:",
        "        MODEL_NAME: sdxl",
        "      gpu:",
        "        pools:",
        "          - ADA_24",
        "        count: 1",
        '        minCudaVersion: "12.1"',
        "      workers:",
        "        min: 0",
        "        max: 3",
        "        idleTimeout: 5",
        "      scaling:",
        "        type: QUEUE_DELAY",
        "        queueDelay: 4",
        "      dataCenterIds:",
        "        - US-TX-3",
        "        - EU-RO-1",
        "      networkVolumes:",
        "        - ${shared-data.id}",
        "      timeout: 600000",
        "      adopt: jpnw0v75y3qoql",
        "  embedder:",
        "    type: ServerlessEndpoint",
        "    properties:",
        "      name: embedder",
        "      type: QUEUE",
        "      templateId: ep2tmpl4kq",
        "      cpu:",
        "        - id: cpu3c",
        "          vcpuCount: 8",
        "      workers:",
        "        min: 1",
        "        max: 2",
        "      scaling:",
        "        type: REQUEST_COUNT",
        "        requestCount: 2",
        "      dataCenterIds:",
        "        - US-TX-3",
        "      timeout: 300000",
        "      adopt: cpu8ep2m4kq1rr",
      ),
    );
    await expectValid(result.stdout, "stdin");
  });

  test("reads a bare array mixing create bodies of every kind", async () => {
    const bodies = [
      "registry-create.json",
      "network-volume-create.json",
      "template-create.json",
      "pod-create-cpu.json",
      "pod-create-gpu.json",
    ];
    const result = await computeplatform(["migrate", "-"], `[${bodies.map(fixture).join(",")}]`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}docker-hub:\n {4}type: Registry\n/m);
    expect(result.stdout.match(/^ {2}[\w-]+:$/gm)).toEqual([
      "  docker-hub:",
      "  scratch:",
      "  trainer-base:",
      "  etl_worker:",
      "  vision-trainer:",
    ]);
    await expectValid(result.stdout, "bodies");
  });

  test("moves env values that are secrets by name or URLs with credentials to stack config, naming each, never printing a value", async () => {
    const output = path.join(scratch, "secrets.yaml");

    const result = await computeplatform(["migrate", "podCreateSecrets.json", "-o", output]);

    const secrets = ["sk-do-not-copy-openai", "do-not-copy-db-pass", "hunter2", "postgres://app:"];
    expect(result).toEqual({
      code: 0,
      stdout: "",
      stderr: lines(
        'note: pods[0] (name "chat api"): env OPENAI_KEY looks like a secret, so it is read from stack config; run: pulumi config set --secret chatApiOpenaiKey <value>',
        'note: pods[0] (name "chat api"): env DB_PASS looks like a secret, so it is read from stack config; run: pulumi config set --secret chatApiDbPass <value>',
        'note: pods[0] (name "chat api"): env DATABASE_URL is a URL with credentials, so it is read from stack config; run: pulumi config set --secret chatApiDatabaseUrl <value>',
      ),
    });
    const manifest = fs.readFileSync(output, "utf8");
    for (const secret of secrets) expect(manifest).not.toContain(secret);
    expect(
      (parseYaml(manifest) as { resources: Record<string, { properties: { env: unknown } }> }).resources["chat-api"]?.properties.env,
    ).toEqual({
      OPENAI_KEY: "${config.chatApiOpenaiKey}",
      DB_PASS: "${config.chatApiDbPass}",
      DATABASE_URL: "${config.chatApiDatabaseUrl}",
      CACHE_URL: "redis://cache:6379/0",
      MAX_TOKENS: "4096",
    });
    await expectValid(manifest, "secrets");
  });

  test("recognises secrets by name and by value, and writes the manifest readable by its owner only", async () => {
    const output = path.join(scratch, "reviewed-secrets.yaml");
    const secrets: Record<string, string> = {
      MYSQL_PWD: "pw-mysql-1",
      DB_PWD: "pw-db-2",
      BASIC_AUTH: "user:pw-basic-3",
      HTTP_AUTHORIZATION: "Bearer pw-header-4",
      SESSION_COOKIE: "sid=pw-cookie-5",
      ACCESSKEY: "pw-access-6",
      SIGNINGKEY: "pw-signing-7",
      GITHUB_PAT: "pw-pat-8",
      SLACK_WEBHOOK: "https://hooks.slack.com/services/T0/B0/pw-webhook-9",
      JWT: "pw-jwt-10",
      STRIPE_SK: "pw-stripe-11",
      API_TOKENS: "pw-tokens-12",
      OPENAI_API_KEYS: "pw-keys-13",
      CONNECTION: "Server=db;User Id=app;Password=pw-dsn-14;",
      LLM: "sk-proj-pwPROJECT15xxxxxxxxxxxxxxxxxxxx",
      HUB: "hf_pwHUB16xxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    };
    const body = { name: "api", imageName: "org/api:1", gpuTypeIds: ["NVIDIA A40"], env: { ...secrets, MAX_TOKENS: "4096", PWD: "/srv" } };
    const result = await computeplatform(["migrate", "-", "-o", output], JSON.stringify(body));

    const configKey = (name: string) => `api${name.toLowerCase().replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;
    const why = (name: string) =>
      ({
        SLACK_WEBHOOK: "looks like a secret",
        CONNECTION: "has a value that looks like a connection string with a password",
        LLM: "has a value that looks like an API key (sk-…)",
        HUB: "has a value that looks like an access token (hf_…)",
      })[name] ?? "looks like a secret";
    expect(result).toEqual({
      code: 0,
      stdout: "",
      stderr: lines(
        ...Object.keys(secrets).map(
          (name) =>
            `note: pods[0] (name "api"): env ${name} ${why(name)}, so it is read from stack config; run: pulumi config set --secret ${configKey(name)} <value>`,
        ),
      ),
    });
    const manifest = fs.readFileSync(output, "utf8");
    for (const value of Object.values(secrets)) expect(manifest).not.toContain(value.slice(-6));
    expect(
      (parseYaml(manifest) as { resources: Record<string, { properties: { env: unknown } }> }).resources["api"]?.properties.env,
    ).toEqual({
      ...Object.fromEntries(Object.keys(secrets).map((name) => [name, `\${config.${configKey(name)}}`])),
      MAX_TOKENS: "4096",
      PWD: "/srv",
    });
    expect(fs.statSync(output).mode & 0o777).toBe(0o600);
  });

  test("writes the manifest to -o FILE instead of standard output", async () => {
    const output = path.join(scratch, "out.yaml");
    const toFile = await computeplatform(["migrate", "pods-list.json", "-o", output]);
    const toStdout = await computeplatform(["migrate", "--output", output, "pods-list.json"]);
    expect(toFile).toEqual({
      code: 0,
      stdout: "",
      stderr: lines(
        'warning: pods[2] (name "sdxl-worker"): is a worker of serverless endpoint "jpnw0v75y3qoql", which manages it; skipped',
      ),
    });
    expect(toStdout.stdout).toBe("");
    expect(fs.readFileSync(output, "utf8")).toBe((await computeplatform(["migrate", "pods-list.json"])).stdout);
  });

  test.each([
    ["a missing file", ["migrate", "missing.json"], "", "computeplatform: cannot read missing.json: ENOENT\n"],
    ["a folder", ["migrate", "."], "", "computeplatform: cannot read .: EISDIR\n"],
    ["a file that is not JSON", ["migrate", "-"], "pods: []", `computeplatform: standard input is not JSON: ${jsonError("pods: []")}\n`],
    [
      "JSON without a v1 object",
      ["migrate", "-"],
      '[{"message": "pod not found"}, 42]',
      lines(
        "warning: $[0]: has no field of a v1 registry, network volume, template, pod or endpoint; skipped",
        "warning: $[1]: is not a JSON object; skipped",
        "computeplatform: standard input holds no v1 pod, endpoint, template, network volume or registry to migrate",
      ),
    ],
    [
      "an empty list",
      ["migrate", "-"],
      "[]",
      "computeplatform: standard input holds no v1 pod, endpoint, template, network volume or registry to migrate\n",
    ],
  ])("fails with exit 1 and a message on %s", async (_label, args, stdin, stderr) => {
    expect(await computeplatform(args, stdin)).toEqual({ code: 1, stdout: "", stderr });
  });

  test.each([
    [[], "expects the v1 JSON file to read, or - for standard input"],
    [["a.json", "b.json"], "expects one input, got 2: a.json b.json"],
    [["a.json", "--output", ""], "--output must not be empty"],
  ])("fails with exit 2 on bad usage: %j", async (args, message) => {
    expect(await computeplatform(["migrate", ...args])).toEqual({
      code: 2,
      stdout: "",
      stderr: `computeplatform migrate: ${message}\nRun 'computeplatform migrate --help' for usage.\n`,
    });
  });

  test("fails with exit 2 on an unknown option", async () => {
    const result = await computeplatform(["migrate", "--force", "a.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^computeplatform migrate: Unknown option '--force'/);
  });

  test("documents every option in --help, and is listed among the commands", async () => {
    expect(await computeplatform(["migrate", "--help"])).toEqual({ code: 0, stdout: help, stderr: "" });
    for (const option of ["-o, --output FILE", "-h, --help"]) expect(help).toContain(option);
    expect((await computeplatform(["--help"])).stdout).toContain(
      "  migrate     Convert v1 API request bodies and list responses into a v2 manifest\n",
    );
  });
});

/** The message this Node gives for text that is not JSON, as the CLI reports it. */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is JSON`);
}
