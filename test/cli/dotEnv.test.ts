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
import { loadDotEnv, refuseStackKeyToDotEnvUrl } from "../../cli/dotEnv";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, startDevOnLoopback } from "../support/devSession";
import type { TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
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
    "COMPUTEPLATFORM_STORAGE_PRICES",
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
    loadDotEnv(folder, { warn: (line) => lines.push(line) });
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

  test("an API or job URL it sets with its key is announced once each, without its userinfo; a variable already set wins and is not announced", () => {
    process.env.COMPUTEPLATFORM_API_URL = "https://api.example.test";

    const lines = load(
      "COMPUTEPLATFORM_API_URL=http://127.0.0.1:1/elsewhere\nCOMPUTEPLATFORM_JOB_URL=https://user:s3cret@jobs.example.test:8443/base\n" +
        "COMPUTEPLATFORM_API_KEY=key-from-file\nPULUMI_CONFIG_PASSPHRASE_FILE=/run/pass\n",
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

  const mixedSources = (name: string, key: string) =>
    `${name} comes from ${path.join(folder, ".env")} but ${key}: a URL from a .env is used only with the key from the same .env; ` +
    `set COMPUTEPLATFORM_API_KEY in ${path.join(folder, ".env")} (and not in your shell), or set ${name} where the key comes from`;

  test.each([
    {
      case: "the key from the shell",
      shellKey: "users-own-key",
      file: "COMPUTEPLATFORM_JOB_URL=http://elsewhere.test\n",
      url: "COMPUTEPLATFORM_JOB_URL",
      key: "COMPUTEPLATFORM_API_KEY from your shell",
    },
    {
      case: "the key from the shell, though the file sets one too",
      shellKey: "users-own-key",
      file: "COMPUTEPLATFORM_API_URL=http://elsewhere.test\nCOMPUTEPLATFORM_API_KEY=key-from-file\n",
      url: "COMPUTEPLATFORM_API_URL",
      key: "COMPUTEPLATFORM_API_KEY from your shell",
    },
    {
      case: "no key in the environment (it would come from the stack config)",
      shellKey: undefined,
      file: "COMPUTEPLATFORM_API_URL=http://elsewhere.test\n",
      url: "COMPUTEPLATFORM_API_URL",
      key: "COMPUTEPLATFORM_API_KEY does not",
    },
  ])("a URL from .env with $case is refused naming both sources, and nothing is set", ({ shellKey, file, url, key }) => {
    if (shellKey !== undefined) process.env.COMPUTEPLATFORM_API_KEY = shellKey;
    expect(() => load(`PULUMI_CONFIG_PASSPHRASE=pass-from-file\n${file}`)).toThrow(mixedSources(url, key));
    expect([process.env.COMPUTEPLATFORM_API_URL, process.env.COMPUTEPLATFORM_JOB_URL, process.env.PULUMI_CONFIG_PASSPHRASE]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(process.env.COMPUTEPLATFORM_API_KEY).toBe(shellKey);
  });

  test("COMPUTEPLATFORM_STORAGE_PRICES is not taken from .env, with a warning naming it", () => {
    const lines = load('COMPUTEPLATFORM_STORAGE_PRICES={"STANDARD":0}\n');
    expect(lines).toEqual([
      `computeplatform: ignored COMPUTEPLATFORM_STORAGE_PRICES in ${path.join(folder, ".env")}: it changes what a budget sees, ` +
        "so it is read only from your shell or the stack config",
    ]);
    expect(process.env.COMPUTEPLATFORM_STORAGE_PRICES).toBeUndefined();
  });

  test("the warning about a file that is no .env names no entry that is not a variable name, and prints no value", () => {
    const dockerConfig = '{\n  "auths": {\n    "registry.example.test": {\n      "auth": "dXNlcjpzM2NyZXQ="\n    }\n  }\n}\n';
    const lines = load(`EXTRA_SETTING=hidden-value\n${dockerConfig}`);
    expect(lines).toEqual([
      `computeplatform: ignored EXTRA_SETTING and 1 entry that are not variables in ${path.join(folder, ".env")}: ${ALLOWED_SETTINGS}`,
    ]);
    expect(lines.join("\n")).not.toMatch(/dXNl|auth|hidden/);
  });

  test("a .env linked to a file outside the folder is not read, unless named with --env-file", () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-outside-"));
    try {
      const target = path.join(outside, "settings.env");
      fs.writeFileSync(target, "COMPUTEPLATFORM_API_URL=http://elsewhere.test\nCOMPUTEPLATFORM_API_KEY=key-from-outside\n");
      fs.symlinkSync(target, path.join(folder, ".env"));

      const lines: string[] = [];
      loadDotEnv(folder, { warn: (line) => lines.push(line) });
      expect(lines).toEqual([
        `computeplatform: not reading ${path.join(folder, ".env")}: it is a link to a file outside ${folder}; name the file with --env-file to read it`,
      ]);
      expect([process.env.COMPUTEPLATFORM_API_URL, process.env.COMPUTEPLATFORM_API_KEY]).toEqual([undefined, undefined]);

      const named: string[] = [];
      loadDotEnv(folder, { envFile: path.join(folder, ".env"), warn: (line) => named.push(line) });
      expect(named).toEqual([`computeplatform: COMPUTEPLATFORM_API_URL is http://elsewhere.test, from ${path.join(folder, ".env")}`]);
      expect([process.env.COMPUTEPLATFORM_API_URL, process.env.COMPUTEPLATFORM_API_KEY]).toEqual([
        "http://elsewhere.test",
        "key-from-outside",
      ]);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  test("a .env linked to a file inside the folder is read", () => {
    fs.writeFileSync(path.join(folder, "local.env"), "PULUMI_CONFIG_PASSPHRASE=pass-from-link\n");
    fs.symlinkSync("local.env", path.join(folder, ".env"));
    const lines: string[] = [];
    loadDotEnv(folder, { warn: (line) => lines.push(line) });
    expect([lines, process.env.PULUMI_CONFIG_PASSPHRASE]).toEqual([[], "pass-from-link"]);
  });

  test("no .env, no line and no change", () => {
    const lines: string[] = [];
    loadDotEnv(folder, { warn: (line) => lines.push(line) });
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

  test(
    "a job URL set by .env while the key comes from the shell is refused naming both, before any request leaves",
    { timeout: 90_000 },
    async () => {
      const jobUrl = `http://127.0.0.1:${(elsewhere.address() as net.AddressInfo).port}`;
      const file = path.join(folder, ".env");
      fs.writeFileSync(file, `COMPUTEPLATFORM_JOB_URL=${jobUrl}\n`);

      const refused = await exec(process.execPath, [path.join(repoRoot, "dist", "cli", "main.js"), "dev", "manifest.yaml"], {
        cwd: folder,
        env: { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey, COMPUTEPLATFORM_JOB_URL: undefined },
      });
      expect(refused).toEqual({
        code: 1,
        stdout: "",
        stderr:
          `computeplatform: COMPUTEPLATFORM_JOB_URL comes from ${file} but COMPUTEPLATFORM_API_KEY from your shell: ` +
          `a URL from a .env is used only with the key from the same .env; set COMPUTEPLATFORM_API_KEY in ${file} (and not in your shell), ` +
          "or set COMPUTEPLATFORM_JOB_URL where the key comes from\n",
      });
      expect([api.emulator.requests, received]).toEqual([[], []]);
    },
  );

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

describe("refuseStackKeyToDotEnvUrl", () => {
  const urls = { file: "/p/.env", names: ["COMPUTEPLATFORM_API_URL"] };
  const refusal = (name: string, configKey: string) =>
    `${name} comes from /p/.env but the API key from stack dev's config (computeplatform:apiKey): a URL from a .env is ` +
    `used only with the key from the same .env; remove computeplatform:apiKey from the stack's config, or set ${configKey} there too`;
  test.each([
    { what: "no URL from the .env", urls: { file: "/p/.env", names: [] }, config: { "computeplatform:apiKey": "k" }, refused: undefined },
    { what: "no key in the stack config", urls, config: { "computeplatform:apiUrl": "u" }, refused: undefined },
    {
      what: "the stack config sets the URL too",
      urls,
      config: { "computeplatform:apiKey": "k", "computeplatform:apiUrl": "u" },
      refused: undefined,
    },
    {
      what: "the stack's key would go to the .env's API URL",
      urls,
      config: { "computeplatform:apiKey": "k" },
      refused: refusal("COMPUTEPLATFORM_API_URL", "computeplatform:apiUrl"),
    },
    {
      what: "the stack's key would go to the .env's job URL, though the stack sets the API URL",
      urls: { file: "/p/.env", names: ["COMPUTEPLATFORM_JOB_URL"] },
      config: { "computeplatform:apiKey": "k", "computeplatform:apiUrl": "u" },
      refused: refusal("COMPUTEPLATFORM_JOB_URL", "computeplatform:jobUrl"),
    },
  ])("$what", ({ urls, config, refused }) => {
    const refuse = () => refuseStackKeyToDotEnvUrl(urls, config, "dev");
    if (refused === undefined) expect(refuse).not.toThrow();
    else expect(refuse).toThrow(refused);
  });

  test("loadDotEnv names the URL settings it applied, and its file", () => {
    fs.writeFileSync(path.join(folder, ".env"), "COMPUTEPLATFORM_API_URL=http://127.0.0.1:9\nCOMPUTEPLATFORM_API_KEY=k\n");
    const saved = { url: process.env.COMPUTEPLATFORM_API_URL, key: process.env.COMPUTEPLATFORM_API_KEY };
    delete process.env.COMPUTEPLATFORM_API_URL;
    delete process.env.COMPUTEPLATFORM_API_KEY;
    try {
      expect(loadDotEnv(folder, { warn: () => {} })).toEqual({ file: path.join(folder, ".env"), names: ["COMPUTEPLATFORM_API_URL"] });
    } finally {
      for (const [name, value] of [
        ["COMPUTEPLATFORM_API_URL", saved.url],
        ["COMPUTEPLATFORM_API_KEY", saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
