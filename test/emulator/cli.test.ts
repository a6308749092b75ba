import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import * as path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { ensureBuilt } from "../support/build";
import { call, gpuPod } from "./harness";

const repo = path.resolve(__dirname, "..", "..");
const main = path.join(repo, "dist", "cli", "main.js");

beforeAll(() => {
  ensureBuilt();
}, 120_000);

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function run(...args: string[]): Promise<Finished> {
  const child = spawn(process.execPath, [main, ...args]);
  const output = collect(child);
  const [code] = (await once(child, "close")) as [number | null];
  return { code, ...output };
}

function collect(child: ChildProcess): { stdout: string; stderr: string } {
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  return output;
}

/** Starts `computeplatform emulator` in the foreground and resolves once it printed its URL. */
async function startCli(...args: string[]) {
  const child = spawn(process.execPath, [main, "emulator", "--port", "0", ...args]);
  const output = collect(child);
  const exited = once(child, "close") as Promise<[number | null, NodeJS.Signals | null]>;
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", () => {
      const match = /listening on (http:\/\/\S+)/.exec(output.stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once("exit", () => reject(new Error(`emulator exited early: ${output.stderr}`)));
  });
  return { child, output, url, exited };
}

describe("computeplatform emulator", () => {
  test("serves the API with the given keys and quota, and stops cleanly on SIGTERM", async () => {
    const cli = await startCli("--api-key", "cli-key", "--read-only-key", "cli-reader", "--quota", "minute=5", "--pod-start-ms", "100");
    expect(cli.output.stdout).toContain("API key: cli-key\n");
    expect(cli.output.stdout).toContain("Read-only key: cli-reader\n");
    expect(cli.output.stdout).toContain(`export COMPUTEPLATFORM_API_URL=${cli.url}\n`);
    expect((await call(cli.url, "GET", "/", { key: null })).body).toEqual({ status: "ok" });

    const list = await call(cli.url, "GET", "/v2/pods", { key: "cli-key" });
    expect(list.headers["ratelimit-policy"]).toBe('"minute";q=5;w=60, "hour";q=20000;w=3600, "day";q=200000;w=86400');
    expect((await call(cli.url, "POST", "/v2/pods", { key: "cli-reader", body: gpuPod() })).status).toBe(403);
    const { id } = (await call(cli.url, "POST", "/v2/pods", { key: "cli-key", body: gpuPod() })).body;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await call(cli.url, "GET", `/v2/pods/${id}`, { key: "cli-key" })).body.status).toBe("RUNNING");

    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual([0, null]);
    expect(cli.output.stdout).toContain("Stopped on SIGTERM.");
  });

  test("--fail-pods-named sends matching pods to ERROR when they would become RUNNING", async () => {
    const cli = await startCli("--api-key", "cli-key", "--pod-start-ms", "100", "--fail-pods-named", "^doomed");
    const doomed = (await call(cli.url, "POST", "/v2/pods", { key: "cli-key", body: gpuPod({ name: "doomed-1" }) })).body.id;
    const healthy = (await call(cli.url, "POST", "/v2/pods", { key: "cli-key", body: gpuPod({ name: "healthy" }) })).body.id;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await call(cli.url, "GET", `/v2/pods/${doomed}`, { key: "cli-key" })).body.status).toBe("ERROR");
    expect((await call(cli.url, "GET", `/v2/pods/${healthy}`, { key: "cli-key" })).body.status).toBe("RUNNING");
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual([0, null]);
  });

  test("--text-to-video-endpoint-id and the job timings shape the job API", async () => {
    const cli = await startCli(
      "--api-key",
      "cli-key",
      "--text-to-video-endpoint-id",
      "video-gen",
      "--job-queue-ms",
      "7",
      "--job-execution-ms",
      "11",
    );
    const body = { input: { prompt: "waves", duration: 3 } };
    const moved = await call(cli.url, "POST", "/v2/video-gen/runsync", { key: "cli-key", body });
    expect([moved.status, moved.body.delayTime, moved.body.executionTime, moved.body.output.cost]).toEqual([200, 7, 33, 0.45]);
    expect((await call(cli.url, "POST", "/v2/text-to-video/runsync", { key: "cli-key", body })).status).toBe(404);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual([0, null]);
  });

  test("generates and prints a key when none is given, and stops on SIGINT", async () => {
    const cli = await startCli();
    const key = /API key: (cpk_[A-Za-z0-9_-]{24}) \(generated\)/.exec(cli.output.stdout)?.[1];
    expect(key).toBeDefined();
    expect((await call(cli.url, "GET", "/v2/pods", { key: key ?? "" })).status).toBe(200);
    cli.child.kill("SIGINT");
    expect(await cli.exited).toEqual([0, null]);
  });

  test("--help documents every flag", async () => {
    const { code, stdout } = await run("emulator", "--help");
    expect(code).toBe(0);
    const flags = ["--port", "--host", "--api-key", "--read-only-key", "--quota", "--pod-start-ms", "--fail-pods-named"];
    for (const flag of [...flags, "--text-to-video-endpoint-id", "--job-queue-ms", "--job-execution-ms", "--help"]) {
      expect(stdout).toContain(flag);
    }
    expect(stdout).toContain("Default: minute=1000,hour=20000,day=200000");
    expect(stdout).toContain("Default: 500");
    expect(stdout).toContain("Endpoint id of the hosted text-to-video model. Default: text-to-video");
  });

  test.each([
    { args: ["--bogus"], message: "Unknown option '--bogus'" },
    { args: ["--port", "abc"], message: '--port must be an integer from 0 to 65535; got "abc"' },
    { args: ["--port", "70000"], message: '--port must be an integer from 0 to 65535; got "70000"' },
    { args: ["--quota", "minute=x"], message: '--quota must look like minute=60,hour=3000,day=50000; got "minute=x"' },
    { args: ["--quota", "week=5"], message: '--quota must look like minute=60,hour=3000,day=50000; got "week=5"' },
    { args: ["--pod-start-ms=-5"], message: "--pod-start-ms must be an integer from 0 to" },
    { args: ["--api-key", "has space"], message: '--api-key/--read-only-key "has space" cannot be sent as a bearer token' },
    { args: ["extra"], message: "Unexpected argument 'extra'" },
    {
      args: ["--text-to-video-endpoint-id", "a/b"],
      message: '--text-to-video-endpoint-id must be letters, digits, ".", "_" or "-"; got "a/b"',
    },
    { args: ["--job-queue-ms=-1"], message: "--job-queue-ms must be an integer from 0 to" },
    {
      args: ["--fail-pods-named", "("],
      message: "--fail-pods-named must be a regular expression; Invalid regular expression: /(/: Unterminated group",
    },
  ])("exits 2 naming the bad flag: $args", async ({ args, message }) => {
    const { code, stderr } = await run("emulator", ...args);
    expect(code).toBe(2);
    expect(stderr).toContain(`computeplatform emulator: ${message}`);
    expect(stderr).toContain("Run 'computeplatform emulator --help' for usage.");
  });
});

describe("computeplatform", () => {
  test("--help lists the commands", async () => {
    const { code, stdout } = await run("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: computeplatform <command> [options]");
    expect(stdout).toMatch(/^ {2}emulator {4}Run the local Compute Platform API emulator$/m);
  });

  test("no command prints usage and exits 2", async () => {
    const { code, stderr } = await run();
    expect({ code, usage: stderr.startsWith("Usage: computeplatform") }).toEqual({ code: 2, usage: true });
  });

  test("an unknown command exits 2", async () => {
    const { code, stderr } = await run("frobnicate");
    expect(code).toBe(2);
    expect(stderr).toContain('computeplatform: unknown command "frobnicate"');
  });
});
