/**
 * A `.env` beside the manifest sets this package's settings only. The loader in this process for what reaches the
 * environment and child processes; the built CLI as a subprocess for what the user is told, with a second listener
 * standing in for a server a cloned repository's `.env` points the job URL at. Nothing is mocked.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import type * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loadDotEnv } from "../../cli/dotEnv";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, postJson, startDevOnLoopback } from "../support/devSession";
import type { TestEmulator } from "../support/emulator";
import { exec } from "../support/subprocess";

const ALLOWED_SETTINGS =
  "a .env sets only COMPUTEPLATFORM_* variables, PULUMI_CONFIG_PASSPHRASE and PULUMI_CONFIG_PASSPHRASE_FILE; set others in your shell";

let folder: string;

beforeEach(() => {
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dotenv-")));
});

afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("loadDotEnv", () => {
  const touched = [
    "NODE_OPTIONS",
    "NODE_TLS_REJECT_UNAUTHORIZED",
    "COMPUTEPLATFORM_API_URL",
    "COMPUTEPLATFORM_JOB_URL",
    "COMPUTEPLATFORM_API_KEY",
    "PULUMI_CONFIG_PASSPHRASE",
    "PULUMI_CONFIG_PASSPHRASE_FILE",
  ];
  const saved = new Map<string, string | undefined>();

  beforeEach(() => {
    for (const name of touched) {
      saved.set(name, process.env[name]);
      delete process.env[name];
    }
  });

  afterEach(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const load = (text: string) => {
    fs.writeFileSync(path.join(folder, ".env"), text);
    const lines: string[] = [];
    loadDotEnv(folder, (line) => lines.push(line));
    return lines;
  };

  test("other variables are ignored with one warning naming them, and reach neither the environment nor a child process", async () => {
    const marker = path.join(folder, "ran.txt");
    const hook = path.join(folder, "hook.cjs");
    fs.writeFileSync(hook, `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n`);

    const lines = load(
      `NODE_OPTIONS="--require ${hook}"\nNODE_TLS_REJECT_UNAUTHORIZED=0\nCOMPUTEPLATFORM_API_KEY=key-from-file\nPULUMI_CONFIG_PASSPHRASE=pass-from-file\n`,
    );
    const child = await exec(
      process.execPath,
      ["-p", "JSON.stringify([process.env.NODE_OPTIONS ?? null, process.env.NODE_TLS_REJECT_UNAUTHORIZED ?? null])"],
      { cwd: folder },
    );

    expect(lines).toEqual([
      `computeplatform: ignored NODE_OPTIONS, NODE_TLS_REJECT_UNAUTHORIZED in ${path.join(folder, ".env")}: ${ALLOWED_SETTINGS}`,
    ]);
    expect([process.env.NODE_OPTIONS, process.env.NODE_TLS_REJECT_UNAUTHORIZED]).toEqual([undefined, undefined]);
    expect([process.env.COMPUTEPLATFORM_API_KEY, process.env.PULUMI_CONFIG_PASSPHRASE]).toEqual(["key-from-file", "pass-from-file"]);
    expect(child).toEqual({ code: 0, stdout: "[null,null]\n", stderr: "" });
    expect(fs.existsSync(marker)).toBe(false);
  });

  test("an API or job URL it sets is announced once each, without its userinfo; a variable already set wins and is not announced", () => {
    process.env.COMPUTEPLATFORM_API_URL = "https://api.example.test";

    const lines = load(
      "COMPUTEPLATFORM_API_URL=http://127.0.0.1:1/elsewhere\nCOMPUTEPLATFORM_JOB_URL=https://user:s3cret@jobs.example.test:8443/base\nPULUMI_CONFIG_PASSPHRASE_FILE=/run/pass\n",
    );

    expect(lines).toEqual([
      `computeplatform: COMPUTEPLATFORM_JOB_URL is https://jobs.example.test:8443/base, from ${path.join(folder, ".env")}`,
    ]);
    expect([process.env.COMPUTEPLATFORM_API_URL, process.env.COMPUTEPLATFORM_JOB_URL, process.env.PULUMI_CONFIG_PASSPHRASE_FILE]).toEqual([
      "https://api.example.test",
      "https://user:s3cret@jobs.example.test:8443/base",
      "/run/pass",
    ]);
  });

  test("no .env, no line and no change", () => {
    const lines: string[] = [];
    loadDotEnv(folder, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(touched.map((name) => process.env[name])).toEqual(touched.map(() => undefined));
  });
});

describe("computeplatform dev with a .env", () => {
  const emulator = emulatorForDev();
  let api: TestEmulator;
  let elsewhere: http.Server;
  const received: Array<{ path: string; authorization: string | undefined }> = [];
  const running: DevServer[] = [];

  beforeAll(async () => {
    elsewhere = http.createServer((request, response) => {
      received.push({ path: request.url ?? "", authorization: request.headers.authorization });
      request.resume();
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id: "job-elsewhere", status: "COMPLETED", output: { from: "elsewhere" } }));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  beforeEach(() => {
    api = emulator();
    received.length = 0;
    api.emulator.resetRequests();
    fs.writeFileSync(
      path.join(folder, "manifest.yaml"),
      stringify({
        resources: {
          echo: {
            type: "ServerlessEndpoint",
            properties: {
              name: "echo",
              type: "QUEUE",
              image: "acme/echo:1",
              gpu: { pools: ["ADA_24"] },
              scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
            },
          },
        },
      }),
    );
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
  });

  const dev = async () => {
    const server = await startDevOnLoopback(folder, {
      COMPUTEPLATFORM_API_URL: api.emulator.url,
      COMPUTEPLATFORM_API_KEY: api.apiKey,
      COMPUTEPLATFORM_JOB_URL: undefined,
      NODE_OPTIONS: undefined,
    });
    running.push(server);
    return server;
  };

  test("a job URL set by .env is announced on stderr once, before any request leaves", { timeout: 90_000 }, async () => {
    const jobUrl = `http://127.0.0.1:${(elsewhere.address() as net.AddressInfo).port}`;
    fs.writeFileSync(path.join(folder, ".env"), `COMPUTEPLATFORM_JOB_URL=${jobUrl}\n`);

    const server = await dev();
    const notice = `computeplatform: COMPUTEPLATFORM_JOB_URL is ${jobUrl}, from ${path.join(folder, ".env")}\n`;
    expect(server.stderr).toBe(notice);
    expect([api.emulator.requests, received]).toEqual([[], []]);

    // The user was told; the job then goes where the file says, with the key.
    const response = await postJson(`${server.url}/echo/runsync`, { input: {} });
    expect([response.status, ((await response.json()) as { output: unknown }).output]).toEqual([200, { from: "elsewhere" }]);
    const endpoint = api.emulator.snapshot().endpoints.find((candidate) => candidate.name === "live-echo");
    expect(received).toEqual([{ path: `/v2/${endpoint?.id}/runsync`, authorization: `Bearer ${api.apiKey}` }]);
    expect(server.stderr).toBe(notice);
  });

  test(
    "NODE_OPTIONS and NODE_TLS_REJECT_UNAUTHORIZED in .env are ignored with one warning naming both keys, never their values",
    { timeout: 90_000 },
    async () => {
      fs.writeFileSync(path.join(folder, ".env"), "NODE_OPTIONS=--max-old-space-size=77\nNODE_TLS_REJECT_UNAUTHORIZED=0\n");

      const server = await dev();
      const { code, stderr } = await server.stop();

      expect([code, stderr]).toEqual([
        0,
        `computeplatform: ignored NODE_OPTIONS, NODE_TLS_REJECT_UNAUTHORIZED in ${path.join(folder, ".env")}: ${ALLOWED_SETTINGS}\n`,
      ]);
      expect(api.emulator.requests).toEqual([]);
    },
  );
});
