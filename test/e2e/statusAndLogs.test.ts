/**
 * `computeplatform status` and `computeplatform logs` through the packed package's CLI, against a local emulator and
 * the real Pulumi CLI, on a stack of a pod, a queue endpoint and a volume: a queue whose workers the test makes
 * unhealthy is diagnosed, and `--json` carries every figure the text shows; `logs --follow` of the pod prints the
 * emulator's lines in order, and a connection the test drops mid-stream loses and repeats none (`logs` without
 * `--follow` prints the same and ends on its own, though the API keeps the stream open); a Ctrl-C ends it
 * with 130 and no stack trace; `logs` of the volume, of an unknown id and of an id that tries to leave its path end
 * with a clear message and exit 2. Both commands only read.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatStatus } from "../../cli/status/statusTable";
import type { StatusReport } from "../../cli/status/statusReport";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const manifest = `resources:
  scratch:
    type: NetworkVolume
    properties:
      name: status-scratch
      size: 20
      dataCenter: US-TX-3
  trainer:
    type: Pod
    properties:
      name: status-trainer
      image: ubuntu:24.04
      gpu:
        id: NVIDIA A100 80GB PCIe
        count: 1
      disk: 20
  api:
    type: ServerlessEndpoint
    properties:
      name: status-api
      type: QUEUE
      image: ghcr.io/acme/api:1.0
      gpu: { pools: [ADA_48_PRO], count: 1, allowedCudaVersions: [] }
      workers: { min: 2, max: 3 }
      scaling: { type: QUEUE_DELAY, queueDelay: 4 }
`;

const DIAGNOSIS = "  ! 3 jobs in queue, 0 workers running, 2 unhealthy: check the worker logs";

describe("computeplatform status and logs", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let report: StatusReport;

  const cliPath = () => path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
  const computeplatform = (...args: string[]): Promise<Finished> => exec(process.execPath, [cliPath(), ...args], { cwd: folder, env });
  const writesSince = (count: number) => api.emulator.requests.slice(count).filter((request) => request.method !== "GET");
  const idOf = (name: string) => report.resources.find((resource) => resource.name === name)!.id;

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("status-logs");
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
    env = await stackCommandEnvironment(folder, api);
    const result = await computeplatform("up", "manifest.yaml");
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const json = await computeplatform("status", "--json");
    expect(json.code, json.stderr).toBe(0);
    report = JSON.parse(json.stdout) as StatusReport;
  });

  // No destroy: the emulator holding the resources ends here, and the state is in the run's temporary folder.
  afterAll(async () => {
    await api?.emulator.close();
  });

  it("diagnoses a queue whose workers are unhealthy, with only reads", async () => {
    const endpointId = idOf("api");
    api.emulator.workloads.setWorkerStatus(endpointId, `${endpointId}-w0`, "UNHEALTHY");
    api.emulator.workloads.setWorkerStatus(endpointId, `${endpointId}-w1`, "UNHEALTHY");
    for (let job = 0; job < 3; job++) expect((await api.request("POST", `/v2/${endpointId}/run`, { input: { job } })).status).toBe(200);
    const before = api.emulator.requests.length;

    const text = await computeplatform("status");
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines).toContain(DIAGNOSIS);
    expect(lines).toContain("  workers: 0 running, 0 idle, 0 initializing, 0 throttled, 2 unhealthy");
    expect(lines).toContain("  queue: 3 in queue, 0 in progress");
    expect(lines).toContain("  release v1: 2 of 2 workers on it (100%)");
    expect(writesSince(before)).toEqual([]);
    // One list per kind, then the endpoint's workers, health and releases.
    expect(api.emulator.requests.slice(before).map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /v2/pods",
      "GET /v2/serverless",
      "GET /v2/network-volumes",
      `GET /v2/serverless/${endpointId}/workers`,
      `GET /v2/${endpointId}/health`,
      `GET /v2/serverless/${endpointId}/releases`,
    ]);

    const json = await computeplatform("status", "--json");
    expect(json.code, json.stderr).toBe(0);
    const now = JSON.parse(json.stdout) as StatusReport;
    const pod = api.emulator.snapshot().pods.find((candidate) => candidate.id === idOf("trainer"))!;
    const byName = [...now.resources].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map(({ name, status, costPerHour, diagnosis }) => ({ name, status, costPerHour, diagnosis }))).toEqual([
      { name: "api", status: "NOT READY", costPerHour: null, diagnosis: DIAGNOSIS.slice("  ! ".length) },
      { name: "scratch", status: "AVAILABLE", costPerHour: null, diagnosis: undefined },
      { name: "trainer", status: "RUNNING", costPerHour: pod.cost, diagnosis: undefined },
    ]);
    expect(now.resources.find(({ name }) => name === "trainer")?.gpuUtilization).toEqual(pod.runtime?.gpus?.map(({ util }) => util));
    expect(now.resources.find(({ name }) => name === "api")).toMatchObject({
      workers: { running: 0, idle: 0, initializing: 0, throttled: 0, unhealthy: 2 },
      queue: { inQueue: 3, inProgress: 0 },
      rollout: { version: 1, inProgress: false, workersOnLatest: 2, workersTotal: 2, percentOnLatest: 100 },
    });
    for (const resource of now.resources) expect(resource.estimatedCostPerHour).toEqual(expect.any(Number));
    // Every figure the text shows is the JSON's: the text is the JSON rendered, but for the time, which moved on.
    const timeless = (line: string) => line.replace(/\b\d+[dhms]( \d+[dhms])?\b/g, "T").replace(/ +/g, " ");
    expect(lines.slice(1).map(timeless)).toEqual(formatStatus(now).map(timeless));
  });

  it("follows a pod's log in order, through a dropped connection, and ends on Ctrl-C with 130", async () => {
    const podId = idOf("trainer");
    const child = spawn(process.execPath, [cliPath(), "logs", "trainer", "--follow"], { cwd: folder, env: { ...process.env, ...env } });
    const output = collect(child);
    api.emulator.workloads.appendPodLog(podId, "epoch 1", "epoch 2", "epoch 3");
    await output.waitFor("epoch 3");
    api.emulator.faults.cutStreams();
    api.emulator.workloads.appendPodLog(podId, "epoch 4", "epoch 5");
    await output.waitFor("epoch 5");
    child.kill("SIGINT");
    const [code] = (await once(child, "close")) as [number | null];

    // Without --follow, the stream (which the API keeps open) is read up to now, and the command ends on its own.
    const whole = await computeplatform("logs", "trainer", "--tail", "5000");
    expect(whole.code, whole.stderr).toBe(0);
    const lines = whole.stdout.trimEnd().split("\n");
    expect(lines.slice(-5)).toEqual(["epoch 1", "epoch 2", "epoch 3", "epoch 4", "epoch 5"]);
    expect({ code, stdout: output.stdout(), stderr: output.stderr() }).toEqual({ code: 130, stdout: whole.stdout, stderr: "" });
    const streams = api.emulator.requests.filter((request) => request.path === `/v2/pods/${podId}/logs`);
    // The --follow stream, the one it opened again after the drop, and the one of the read without --follow.
    expect(streams.length).toBe(3);
  });

  it("prints an endpoint's worker logs, each line prefixed with its worker", async () => {
    const endpointId = idOf("api");
    api.emulator.workloads.appendWorkerLog(endpointId, `${endpointId}-w1`, "model loaded", "health check failed");
    expect(await computeplatform("logs", "api", "--worker", `${endpointId}-w1`)).toEqual({
      code: 0,
      stdout: `[${endpointId}-w1] model loaded\n[${endpointId}-w1] health check failed\n`,
      stderr: "",
    });
  });

  it("refuses a volume, an unknown id and an id that tries to leave its path with exit 2, writing nothing", async () => {
    const before = api.emulator.requests.length;
    expect(await computeplatform("logs", "scratch")).toEqual({
      code: 2,
      stdout: "",
      stderr: "computeplatform logs: network volume scratch has no logs: only pods and serverless endpoints' workers print any\n",
    });
    expect(api.emulator.requests.length).toBe(before);

    // Outside the manifest's folder, an id is looked up in the account.
    const elsewhere = suiteWorkDir("status-logs-elsewhere");
    const volumeById = await exec(process.execPath, [cliPath(), "logs", idOf("scratch"), "--tail", "10"], { cwd: elsewhere, env });
    expect(volumeById).toEqual({
      code: 2,
      stdout: "",
      stderr: `computeplatform logs: network volume ${idOf("scratch")} has no logs: only pods and serverless endpoints' workers print any\n`,
    });
    const unknown = await computeplatform("logs", "no-such-pod");
    expect(unknown).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "computeplatform logs: no resource of the stack is named no-such-pod, and no pod or serverless endpoint of the account has that id; " +
        "`computeplatform status` lists the stack's resources\n",
    });
    const escape = await computeplatform("logs", "../account/ssh-keys");
    expect(escape.code).toBe(2);
    const paths = api.emulator.requests.slice(before).map((request) => request.path);
    expect(paths.filter((requested) => !/^\/v2\/(pods|serverless|network-volumes)\/[^/]+$/.test(requested))).toEqual([]);
    expect(writesSince(before)).toEqual([]);
  });

  it("refuses a bad --since or --tail before any request", async () => {
    const before = api.emulator.requests.length;
    expect(await computeplatform("logs", "trainer", "--since", "yesterday")).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'computeplatform logs: --since must be a duration such as 10m, 2h or 1d, or a time such as 2026-06-01T12:00:00Z; got "yesterday"\n' +
        "Run 'computeplatform logs --help' for usage.\n",
    });
    expect((await computeplatform("logs", "trainer", "--tail", "5001")).code).toBe(2);
    expect(api.emulator.requests.length).toBe(before);
  });
});

/** What a running child prints, and a wait for a line of it. */
function collect(child: ChildProcessWithoutNullStreams) {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    async waitFor(line: string): Promise<void> {
      while (!stdout.split("\n").includes(line)) {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before printing ${line}: ${stdout}${stderr}`);
        await once(child.stdout, "data");
      }
    },
  };
}
