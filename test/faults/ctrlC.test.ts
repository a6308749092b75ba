/**
 * Ctrl-C during `computeplatform up`, as a terminal sends it: SIGINT to the CLI's whole process group, at ten moments
 * picked by what is observed (the heading printed, the create request at the API, the pod provisioning or starting,
 * the old pod's delete at the API). Each time the CLI waits for the engine to cancel, says so and exits 130; the
 * state loads, holds no pending operation and no lock, no process of the run is left, and no pod is made twice. Then
 * a kill of every process of a run (SIGKILL), after which the next `up` releases the lock and settles the pod.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Deployment } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectEmulatorMatchesState } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { stateResources } from "../support/state";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";
import { recordExchanges } from "./exchanges";
import { killProcessesIn, processesIn } from "./processes";

/** Each phase of a pod's start, on the emulator's clock: only the test moves a pod on, by advancing the clock. */
const PHASE_MS = 3_600_000;

// Each round declares a new pod, and the previous one goes: the run creates one pod and deletes another.
const manifest = (round: number) => `resources:
  worker${round}:
    type: Pod
    properties:
      name: ctrlc-${round}
      image: alpine:3
      gpu:
        id: NVIDIA GeForce RTX 4090
`;

/** A run of the CLI in a process group of its own, as a shell runs a foreground job. */
interface Run {
  child: ChildProcess;
  output: () => string;
  finished: Promise<Finished>;
}

describe("Ctrl-C and kills during computeplatform up", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  /** Moves on each pod whose create the API answers, by this much of the emulator's clock. */
  let onCreate = 2 * PHASE_MS;
  let stopRecording: () => void;

  const cli = () => path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
  const start = (): Run => {
    const child = spawn(process.execPath, [cli(), "up", "manifest.yaml"], { cwd: folder, env: { ...process.env, ...env }, detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const finished = new Promise<Finished>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
    return { child, output: () => stdout + stderr, finished };
  };
  /** Waits until `reached()` holds, or fails when the run ended first. */
  const until = async (run: Run, what: string, reached: () => boolean) => {
    let ended = false;
    void run.finished.then(() => (ended = true));
    while (!reached()) {
      if (ended) throw new Error(`the run ended before ${what}:\n${(await run.finished).stdout}${(await run.finished).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const exportedState = async () => {
    const exported = await exec("pulumi", ["stack", "export", "--stack", "dev", "--non-interactive"], { cwd: folder, env });
    expect(exported.code, exported.stderr).toBe(0);
    return JSON.parse(exported.stdout) as Deployment;
  };
  const lockFiles = () => {
    const locks = path.join(folder, ".pulumi-state", ".pulumi", "locks");
    return fs.existsSync(locks) ? fs.readdirSync(locks, { recursive: true }).filter((name) => String(name).endsWith(".json")) : [];
  };
  const livePods = () => api.emulator.snapshot().pods.filter((pod) => pod.status !== "TERMINATED");
  /** The requests since `from` that the API answered with success: `POST` the creates, `DELETE` the deletes of pods. */
  const requestsSince = (from: number, method: "POST" | "DELETE") =>
    api.emulator.requests
      .slice(from)
      .filter(
        (r) =>
          r.method === method &&
          (method === "POST" ? r.path === "/v2/pods" : r.path.startsWith("/v2/pods/")) &&
          r.status >= 200 &&
          r.status < 300,
      );

  /** Every pod made so far is RUNNING, and every pod made from now on as soon as its create is answered. */
  const settle = () => {
    onCreate = 2 * PHASE_MS;
    api.emulator.clock.advance(2 * PHASE_MS);
  };

  beforeAll(async () => {
    // A pod stays in each phase until the test moves it on: each moment below is seen while it is still being created.
    api = await startTestEmulator(undefined, { timings: { provisioningMs: PHASE_MS, startingMs: PHASE_MS } });
    stopRecording = recordExchanges((all) => {
      const last = all.at(-1)!;
      if (last.method === "POST" && last.path === "/v2/pods" && last.status === 201 && onCreate > 0) api.emulator.clock.advance(onCreate);
    }).stop;
    folder = suiteWorkDir("ctrl-c");
    env = await stackCommandEnvironment(folder, api);
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest(0));
    const first = await exec(process.execPath, [cli(), "up", "manifest.yaml"], { cwd: folder, env });
    expect(first.code, first.stdout + first.stderr).toBe(0);
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(async () => {
    stopRecording?.();
    await api?.emulator.close();
  });

  it("cancels at each of ten moments (then once more, signalling the CLI alone), each time leaving a state that the next up goes on from", async () => {
    // Each moment with how far the emulator's clock moves the new pod on once its create is answered.
    const moments: Array<[string, number, (run: Run, from: number, round: number) => boolean]> = [
      ["the create request reached the API", 0, (_run, from) => requestsSince(from, "POST").length > 0],
      [
        "the new pod is STARTING",
        PHASE_MS,
        (_run, _from, round) => livePods().some((pod) => pod.name === `ctrlc-${round}` && pod.status === "STARTING"),
      ],
      ["the CLI printed its heading", 0, (run) => run.output().includes("Updating stack dev")],
      [
        "the new pod is PROVISIONING",
        0,
        (_run, _from, round) => livePods().some((pod) => pod.name === `ctrlc-${round}` && pod.status === "PROVISIONING"),
      ],
      ["the old pod's delete reached the API", 2 * PHASE_MS, (_run, from) => requestsSince(from, "DELETE").length > 0],
    ];
    for (let round = 1; round <= 11; round++) {
      const [moment, movedOn, reached] = moments[(round - 1) % moments.length]!;
      fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest(round));
      const from = api.emulator.requests.length;
      onCreate = movedOn;
      const run = start();
      await until(run, moment, () => reached(run, from, round));
      // Rounds 1 to 10 as a terminal's Ctrl-C; round 11 to the CLI's process alone, as `kill -INT <pid>` does.
      process.kill(round <= 10 ? -run.child.pid! : run.child.pid!, "SIGINT");
      // The engine cancels once the steps under way end: the pod being created becomes RUNNING.
      settle();
      const result = await run.finished;
      const context = `round ${round} (${moment}):\n${result.stdout}${result.stderr}`;

      expect(result.code, context).toBe(130);
      expect(result.stderr, context).toMatch(/^Ctrl-C: (cancelling|stopping before the engine starts)/m);
      expect(result.stderr, context).toMatch(
        /^Interrupted (after|before) .*: the state is saved and the stack is not locked\. Run `computeplatform up manifest\.yaml` to go on\.$/m,
      );
      expect(processesIn(folder), context).toEqual([]);
      expect(lockFiles(), context).toEqual([]);
      const state = await exportedState();
      expect(state.deployment?.pending_operations ?? [], context).toEqual([]);
      // Every pod the API holds is one the state records, and no pod was made twice.
      const inState = stateResources(state, "Pod").map((pod) => pod.id);
      expect(
        livePods().filter((pod) => !inState.includes(pod.id)),
        context,
      ).toEqual([]);
      const names = livePods().map((pod) => pod.name);
      expect(
        names.filter((name, index) => names.indexOf(name) !== index),
        context,
      ).toEqual([]);
    }

    const final = await exec(process.execPath, [cli(), "up", "manifest.yaml"], { cwd: folder, env });
    expect(final.code, final.stdout + final.stderr).toBe(0);
    expectEmulatorMatchesState(api.emulator.snapshot(), await exportedState());
    expect(livePods().map((pod) => [pod.name, pod.status])).toEqual([["ctrlc-11", "RUNNING"]]);
  });

  it("after a kill of the whole run, the next up releases the lock and settles the pod it was creating, once RUNNING", async () => {
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest(12));
    const from = api.emulator.requests.length;
    onCreate = 0;
    const run = start();
    await until(run, "the create request reached the API", () => requestsSince(from, "POST").length > 0);
    // The CLI, the engine and the provider process: as a crash or `kill -9` of everything leaves them.
    process.kill(-run.child.pid!, "SIGKILL");
    killProcessesIn(folder);
    await run.finished;
    const created = api.emulator.snapshot().pods.find((pod) => pod.name === "ctrlc-12")?.id;
    expect(created).toBeDefined();
    expect(lockFiles()).toHaveLength(1);

    settle();
    const next = await exec(process.execPath, [cli(), "up", "manifest.yaml"], { cwd: folder, env });
    expect(next.code, next.stdout + next.stderr).toBe(0);
    expect(next.stdout).toMatch(/^Released the lock that an interrupted run \(pid \d+\) left on stack dev\.$/m);
    expect(next.stdout).toContain(`Settled 1 pod created by the interrupted run (${created}).`);
    expect(requestsSince(from, "POST")).toHaveLength(1);
    const state = await exportedState();
    expectEmulatorMatchesState(api.emulator.snapshot(), state);
    expect(stateResources(state, "Pod").map((pod) => [pod.id, pod.outputs?.status])).toEqual([[created, "RUNNING"]]);
    expect(processesIn(folder)).toEqual([]);
  });
});
