// The `computeplatform emulator` flags that script scarcity: --gpu-stock sets idle stock at start, --free-gpu-stock
// frees some a number of seconds after start. Parsing is tested on `parse`; one run of the built command shows both
// take effect over HTTP and one shows a bad value exits 2 naming the flag.
import { spawn } from "node:child_process";
import { once } from "node:events";
import * as path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "../../cli/emulator";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";
import { call, gpuPod } from "../emulator/harness";

const main = path.join(repoRoot, "dist", "cli", "main.js");
const H100 = "NVIDIA H100 80GB HBM3";
const SHORT = "There are no instances available with the requested specifications";

beforeAll(() => ensureBuilt(), 120_000);

describe("parse", () => {
  it("--gpu-stock gives the emulator's gpuStock, later fields of a type and data center winning", () => {
    const { emulator, stockReleases } = parse([
      "--gpu-stock",
      `${H100}@EU-SE-1:secure=0,community=1`,
      "--gpu-stock",
      `${H100}@EU-SE-1:community=3,clusterNodes=0`,
      "--gpu-stock",
      "NVIDIA L40S@US-TX-3:secure=5",
    ]);
    expect(emulator.gpuStock).toEqual({
      [H100]: { "EU-SE-1": { secure: 0, community: 3, clusterNodes: 0 } },
      "NVIDIA L40S": { "US-TX-3": { secure: 5 } },
    });
    expect(stockReleases).toEqual([]);
  });

  it("--free-gpu-stock gives what turns idle how many seconds after start", () => {
    const { emulator, stockReleases } = parse([
      "--free-gpu-stock",
      `30:${H100}@EU-SE-1:secure=2`,
      "--free-gpu-stock",
      `0:${H100}@US-CA-2:clusterNodes=1`,
    ]);
    expect(stockReleases).toEqual([
      { afterSeconds: 30, gpuTypeId: H100, dataCenterId: "EU-SE-1", idle: { secure: 2 } },
      { afterSeconds: 0, gpuTypeId: H100, dataCenterId: "US-CA-2", idle: { clusterNodes: 1 } },
    ]);
    expect(emulator.gpuStock).toBeUndefined();
  });

  const shape = "must look like TYPE@DC:FIELD=N[,FIELD=N] with FIELD secure, community or clusterNodes";
  it.each([
    { args: ["--gpu-stock", `${H100}:secure=1`], message: `--gpu-stock ${shape}; got "${H100}:secure=1"` },
    { args: ["--gpu-stock", `${H100}@EU-SE-1:spot=1`], message: `--gpu-stock ${shape}; got "${H100}@EU-SE-1:spot=1"` },
    { args: ["--gpu-stock", `${H100}@EU-SE-1:secure=-1`], message: `--gpu-stock ${shape}; got "${H100}@EU-SE-1:secure=-1"` },
    { args: ["--gpu-stock", `${H100}@EU-SE-1:`], message: `--gpu-stock ${shape}; got "${H100}@EU-SE-1:"` },
    {
      args: ["--gpu-stock", `${H100}@CA-MTL-1:secure=1`],
      message: `--gpu-stock "${H100}@CA-MTL-1:secure=1": Data center "CA-MTL-1" does not carry "${H100}"; it is carried in US-CA-2, EU-SE-1`,
    },
    {
      args: ["--gpu-stock", "NVIDIA B300@EU-SE-1:secure=1"],
      message:
        '--gpu-stock "NVIDIA B300@EU-SE-1:secure=1": Unknown GPU type "NVIDIA B300"; known: NVIDIA GeForce RTX 4090, ' +
        "NVIDIA A100 80GB PCIe, NVIDIA H100 80GB HBM3, NVIDIA L40S, NVIDIA RTX A6000, AMD Instinct MI300X OAM",
    },
    {
      args: ["--gpu-stock", `${H100}@EU-SE-1:secure=99999999999999999999`],
      message: `--gpu-stock "${H100}@EU-SE-1:secure=99999999999999999999": Idle stock secure must be a non-negative integer, not 100000000000000000000`,
    },
    {
      args: ["--free-gpu-stock", `${H100}@EU-SE-1:secure=2`],
      message: `--free-gpu-stock must look like SECONDS:TYPE@DC:FIELD=N[,FIELD=N]; got "${H100}@EU-SE-1:secure=2"`,
    },
    {
      args: ["--free-gpu-stock", `1.5:${H100}@EU-SE-1:secure=2`],
      message: `--free-gpu-stock must look like SECONDS:TYPE@DC:FIELD=N[,FIELD=N]; got "1.5:${H100}@EU-SE-1:secure=2"`,
    },
    {
      args: ["--free-gpu-stock", `30:${H100}@EU-RO-1:secure=2`],
      message: `--free-gpu-stock "${H100}@EU-RO-1:secure=2": Data center "EU-RO-1" does not carry "${H100}"; it is carried in US-CA-2, EU-SE-1`,
    },
    {
      args: ["--free-gpu-stock", `9007199254741:${H100}@EU-SE-1:secure=2`],
      message: `--free-gpu-stock SECONDS must be at most 9007199254740; got "9007199254741:${H100}@EU-SE-1:secure=2"`,
    },
  ])("refuses $args naming the flag", ({ args, message }) => {
    expect(() => parse(args)).toThrow(message);
  });
});

describe("computeplatform emulator", () => {
  it("--help documents both flags with an example", async () => {
    const { code, stdout } = await exec(process.execPath, [main, "emulator", "--help"], { cwd: repoRoot });
    expect(code).toBe(0);
    expect(stdout).toContain("  --gpu-stock TYPE@DC:FIELD=N[,FIELD=N]\n");
    expect(stdout).toContain('--gpu-stock "NVIDIA H100 80GB HBM3@EU-SE-1:secure=0,community=0"\n');
    expect(stdout).toContain("  --free-gpu-stock SECONDS:TYPE@DC:FIELD=N[,FIELD=N]\n");
    expect(stdout).toContain('--free-gpu-stock "30:NVIDIA H100 80GB HBM3@EU-SE-1:secure=2"\n');
  });

  it("a bad --gpu-stock exits 2 naming the flag", async () => {
    expect(await exec(process.execPath, [main, "emulator", "--gpu-stock", "H100"], { cwd: repoRoot })).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'computeplatform emulator: --gpu-stock must look like TYPE@DC:FIELD=N[,FIELD=N] with FIELD secure, community or clusterNodes; got "H100"\n' +
        "Run 'computeplatform emulator --help' for usage.\n",
    });
  });

  it("a --free-gpu-stock time too far to keep exits 2 naming the flag, without serving", { timeout: 30_000 }, async () => {
    const release = `${"9".repeat(400)}:${H100}@EU-SE-1:secure=2`;
    expect(await exec(process.execPath, [main, "emulator", "--port", "0", "--free-gpu-stock", release], { cwd: repoRoot })).toEqual({
      code: 2,
      stdout: "",
      stderr:
        `computeplatform emulator: --free-gpu-stock SECONDS must be at most 9007199254740; got "${release}"\n` +
        "Run 'computeplatform emulator --help' for usage.\n",
    });
  });

  it("starts with H100 sold out, and frees two in EU-SE-1 five seconds after start", async () => {
    const child = spawn(process.execPath, [
      main,
      "emulator",
      "--port",
      "0",
      "--api-key",
      "stock-key",
      "--gpu-stock",
      `${H100}@US-CA-2:secure=0`,
      "--gpu-stock",
      `${H100}@EU-SE-1:secure=0`,
      "--free-gpu-stock",
      `5:${H100}@EU-SE-1:secure=2`,
    ]);
    try {
      let stdout = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.once("exit", () => reject(new Error("emulator exited early")));
      });
      const create = () => call(url, "POST", "/v2/pods", { key: "stock-key", body: gpuPod({ gpu: { id: H100, count: 2 } }) });
      const sold = await create();
      expect([sold.status, sold.body.detail]).toEqual([400, `${SHORT}: 2 x ${H100} (SECURE) in US-CA-2, EU-SE-1`]);
      const availability = async () =>
        (await call(url, "GET", `/v2/catalog/gpus/${encodeURIComponent(H100)}?include=AVAILABILITY&product=POD`, { key: "stock-key" })).body
          .availability;
      // Freed on the command's own clock: wait for the catalog to show it.
      while ((await availability()) === "NONE") await sleep(200);
      expect(await availability()).toBe("LOW");
      const placed = await create();
      expect([placed.status, placed.body.dataCenterId]).toEqual([201, "EU-SE-1"]);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });
});
