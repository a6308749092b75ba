/**
 * `computeplatform dev` on a manifest whose endpoint references a template and a registry credential: the built CLI
 * as a subprocess, reading the credential's password from a real stack's config through the real `pulumi` CLI,
 * against an emulator in this process whose request log shows every API call. Nothing is mocked.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, postJson, startDevOnLoopback } from "../support/devSession";
import type { TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, stackCommandEnvironment } from "../support/subprocess";

const CACHE_FILE = ".computeplatform-dev.json";

let api: TestEmulator;
let folder: string;
let env: NodeJS.ProcessEnv;
const running: DevServer[] = [];

// The gateway and --clean share the user's config folder, where the key that marks dev's own resources lives.
const cli = (...args: string[]) =>
  exec(process.execPath, [path.join(repoRoot, "dist", "cli", "main.js"), ...args], {
    cwd: folder,
    env: { XDG_CONFIG_HOME: path.join(folder, ".user-config"), ...env },
  });
const pulumi = (...args: string[]) => exec("pulumi", [...args, "--non-interactive"], { cwd: folder, env });

const emulator = emulatorForDev();

beforeEach(async () => {
  api = emulator();
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-references-")));
  env = await stackCommandEnvironment(folder, api);
  api.emulator.resetRequests();
});

afterEach(async () => {
  const outputs = await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(api.apiKey);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("what an endpoint references", () => {
  test(
    "a template and a registry credential are deployed first as live- resources, the password read from stack config",
    { timeout: 300_000 },
    async () => {
      fs.writeFileSync(path.join(folder, "Pulumi.yaml"), "name: dev-references\nruntime: nodejs\n");
      expect((await pulumi("stack", "init", "dev")).code).toBe(0);
      expect((await pulumi("config", "set", "--secret", "registryPassword", "hunter2", "--stack", "dev")).code).toBe(0);
      fs.writeFileSync(
        path.join(folder, "manifest.yaml"),
        stringify({
          resources: {
            creds: { type: "Registry", properties: { name: "creds", username: "puller", password: "${config.registryPassword}" } },
            base: {
              type: "Template",
              properties: {
                name: "base",
                image: "ghcr.io/acme/worker:1",
                registry: "${creds.id}",
                serverless: true,
                env: { FROM: "template" },
              },
            },
            worker: {
              type: "ServerlessEndpoint",
              description: "Works.",
              properties: {
                name: "worker",
                type: "QUEUE",
                templateId: "${base.id}",
                gpu: { pools: ["ADA_24"] },
                scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
              },
            },
          },
        }),
      );
      const server = await startDevOnLoopback(folder, env);
      running.push(server);

      const response = await postJson(`${server.url}/worker/runsync`, { input: { n: 1 } });

      expect(response.status).toBe(200);
      const { registries, templates, endpoints } = api.emulator.snapshot();
      const registry = registries.find((candidate) => candidate.name === "live-creds");
      const template = templates.find((candidate) => candidate.name === "live-base");
      expect(template?.registry).toBe(registry?.id);
      // The endpoint has what only the live template gives it.
      expect(
        endpoints
          .filter((endpoint) => endpoint.name === "live-worker")
          .map(({ image, registry: registryId, env }) => ({ image, registryId, env })),
      ).toEqual([{ image: "ghcr.io/acme/worker:1", registryId: registry?.id, env: { FROM: "template" } }]);
      await server.waitFor(/^ {2}creds: deploying live-creds$/m);
      expect(fs.readFileSync(path.join(folder, CACHE_FILE), "utf8")).not.toContain("hunter2");
      await server.stop();

      const cleaned = await cli("dev", "--clean", "manifest.yaml");
      expect(cleaned.stdout.split("\n").slice(1, 4)).toEqual([
        `  deleted  ServerlessEndpoint ${endpoints.find((endpoint) => endpoint.name === "live-worker")?.id} (worker)`,
        `  deleted  Template ${template?.id} (base)`,
        `  deleted  Registry ${registry?.id} (creds)`,
      ]);
      expect(api.emulator.snapshot().registries.filter((candidate) => candidate.name.startsWith("live-"))).toEqual([]);
    },
  );
});
