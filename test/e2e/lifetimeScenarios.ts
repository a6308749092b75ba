/**
 * The scenarios of lifetimes that fire, written once and run by each serving path (a manifest through the
 * `computeplatform` CLI, a TypeScript program through the dynamic provider, Pulumi YAML through the native plugin),
 * each on one emulator and one stack whose three pods have different lifetimes, so that every `up` and `expire` step
 * exercises them all. The emulator's clock is moved, never waited for. A path says how it writes the program,
 * deploys it and runs `expire`; the scenarios assert the same outcomes of each.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TestEmulator } from "../support/emulator";
import { exec, type Finished } from "../support/subprocess";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A pod of the program, whose logical name is its `name`, with its arguments as every path spells them. */
export interface PodArguments {
  name: string;
  image: string;
  gpu: { id: string; count: number };
  lifetime?: Record<string, unknown>;
}

/** What a path deploys: its pods, and the stack's TTL. */
export interface LifetimeProgram {
  pods: PodArguments[];
  ttl?: string;
}

/** One serving path, as the scenarios drive it; its stack is named `dev`. */
export interface LifetimePath {
  api: TestEmulator;
  /** The stack's folder, whose `.pulumi-state` is its file backend. */
  folder: string;
  /** The environment of `computeplatform` commands, as `stackCommandEnvironment` makes it. */
  env: NodeJS.ProcessEnv;
  /** What `computeplatform expire` is pointed at: the manifest, or the program's folder. */
  target: string;
  /** Puts the program in place: the pods, and the TTL where this path sets it (the manifest, or stack config). */
  write(program: LifetimeProgram): Promise<void>;
  up(): Promise<Finished>;
  preview(): Promise<Finished>;
  /** Whether `computeplatform validate` checks the target offline: a manifest's does. */
  validates: boolean;
  /** How `preview` words a field that the arguments' check refuses. */
  refusal(field: string, problem: string): string;
  /**
   * Whether `preview` names every field refused (a manifest is validated whole before the engine runs), or at least
   * one: the engine stops at the first resource whose check fails, and Pulumi YAML checks its resources concurrently.
   */
  refusesAll: boolean;
  /**
   * What `preview` says of the stack's TTL. Absent for a program: `pulumi preview` prints the engine's plan, and no
   * part of the package that runs there reads the stack's TTL.
   */
  ttlNotice?(ttl: { ttl: string; expiresAt: string }): string;
  close(): Promise<void>;
}

/** Runs the packed package's `computeplatform` CLI in the path's folder. */
export function computeplatform(lifetimes: Pick<LifetimePath, "folder" | "env">, args: string[]): Promise<Finished> {
  const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
  return exec(process.execPath, [cli, ...args], { cwd: lifetimes.folder, env: lifetimes.env });
}

const pod = (name: string, image: string, gpu: string, lifetime: Record<string, unknown>): PodArguments => ({
  name,
  image,
  gpu: { id: gpu, count: 1 },
  lifetime,
});

/** The three pods: a notebook stopped after `notebook`, a sweep terminated after `sweep`, an idle-stopped trainer. */
function experimentPods(lifetimes: { notebook: Record<string, unknown>; sweep: Record<string, unknown> }, ttl?: string): LifetimeProgram {
  return {
    pods: [
      pod("notebook", "jupyter/base-notebook:latest", "NVIDIA GeForce RTX 4090", lifetimes.notebook),
      pod("sweep", "ghcr.io/acme/sweep:1", "NVIDIA L40S", lifetimes.sweep),
      pod("trainer", "ghcr.io/acme/trainer:1.4", "NVIDIA L40S", { whenIdle: { gpuUtilizationBelow: 5, for: "30m", then: "stop" } }),
    ],
    ...(ttl === undefined ? {} : { ttl }),
  };
}

/** Each resource's id and outputs in the stack's latest checkpoint, by name, read from its file backend without a `pulumi` run. */
function checkpointResources(folder: string): Record<string, Record<string, unknown>> {
  const stacks = path.join(folder, ".pulumi-state", ".pulumi", "stacks");
  const [project] = fs.readdirSync(stacks);
  const { checkpoint } = JSON.parse(fs.readFileSync(path.join(stacks, project!, "dev.json"), "utf8")) as {
    checkpoint: { latest?: { resources?: Array<{ urn: string; id?: string; outputs?: Record<string, unknown> }> } };
  };
  return Object.fromEntries(
    (checkpoint.latest?.resources ?? []).map(({ urn, id, outputs }) => [urn.split("::").at(-1), { id, ...outputs }]),
  );
}

/**
 * Runs the scenarios on the path `open` makes, in order, on its one stack: each step follows from the last.
 *
 * @param title - the suite's title, naming the path
 * @param open - starts the path's emulator and prepares its stack's folder; `close` ends it
 */
export function lifetimeScenarios(title: string, open: () => Promise<LifetimePath>): void {
  describe(title, () => {
    let lifetimes: LifetimePath;
    let api: TestEmulator;

    const podNamed = (name: string) => api.emulator.snapshot().pods.find((found) => found.name === name);
    const requestsSince = (count: number) => api.emulator.requests.slice(count).map(({ method, path: at }) => `${method} ${at}`);
    const advance = (ms: number) => api.emulator.clock.advance(ms);
    const resources = () => checkpointResources(lifetimes.folder);
    const outputsOf = (resource: string) => resources()[resource];
    const expire = (...flags: string[]) =>
      computeplatform(lifetimes, ["expire", lifetimes.target, ...(flags.includes("--every") ? [] : ["--every", "10m"]), ...flags]);
    const output = (run: Finished) => run.stdout + run.stderr;

    beforeAll(async () => {
      lifetimes = await open();
      api = lifetimes.api;
    });

    afterAll(() => lifetimes?.close());

    it("refuses bad lifetimes at preview, naming the field, and creates nothing", async () => {
      await lifetimes.write(experimentPods({ notebook: { stopAfter: "-2h" }, sweep: { stopAfter: "4h", terminateAfter: "3h" } }));
      const issues = [
        { field: "lifetime.stopAfter", problem: 'a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"' },
        {
          field: "lifetime.terminateAfter",
          problem: '"3h" ends the resource before its stopAfter of "4h": make it longer, or drop stopAfter',
        },
      ];
      if (lifetimes.validates) {
        const validation = await computeplatform(lifetimes, ["validate", lifetimes.target]);
        expect(validation.code).toBe(1);
        for (const { field, problem } of issues) expect(validation.stderr).toContain(`${field}: ${problem}`);
      }
      const preview = await lifetimes.preview();
      expect(preview.code).not.toBe(0);
      const named = issues.filter(({ field, problem }) => output(preview).includes(lifetimes.refusal(field, problem)));
      if (lifetimes.refusesAll) expect(named).toEqual(issues);
      else expect(named, output(preview)).not.toEqual([]);
      expect(api.emulator.requests.filter(({ method }) => method !== "GET")).toEqual([]);
    });

    it("deploys three pods with lifetimes, whose outputs say when they expire", async () => {
      await lifetimes.write(experimentPods({ notebook: { stopAfter: "2h" }, sweep: { terminateAfter: "3h" } }));
      const up = await lifetimes.up();
      expect(up.code, output(up)).toBe(0);
      const { notebook, trainer } = resources();
      expect(notebook?.lifetimeState).toBe("active");
      expect(Date.parse(String(notebook?.expiresAt)) - Date.parse(String(notebook?.lifetimeSince))).toBe(2 * HOUR);
      expect(trainer?.lifetimeState).toBe("active");
      expect(trainer?.expiresAt).toBeUndefined();
    });

    it("refuses an idle `for` shorter than twice the declared schedule, before any API call", async () => {
      const before = api.emulator.requests.length;
      const refused = await expire("--every", "20m");
      expect(refused).toEqual({
        code: 1,
        stdout:
          'expire failed: trainer: lifetime.whenIdle.for "30m" is shorter than twice the schedule (--every 20m): idleness is sampled once a run, so make it at least two periods, or run expire more often\n',
        stderr: "",
      });
      expect(requestsSince(before)).toEqual([]);
    });

    it("stops an idle pod on the first run at or after 30 minutes idle; a busy sample resets its idle clock", async () => {
      const trainer = podNamed("trainer")!;
      api.emulator.gpuUtilization.set(trainer.id, 2);
      const before = api.emulator.requests.length;
      expect((await expire()).code).toBe(0);
      // One list of the account's pods per run, and nothing else.
      expect(requestsSince(before)).toEqual(["GET /v2/pods"]);
      expect(outputsOf("trainer")?.lifetimeState).toMatch(/^idle since /);

      advance(10 * MINUTE);
      api.emulator.gpuUtilization.set(trainer.id, 50);
      expect((await expire()).code).toBe(0);
      expect(outputsOf("trainer")?.lifetimeState).toBe("active");

      api.emulator.gpuUtilization.set(trainer.id, 2);
      for (const minutes of [10, 20, 30]) {
        advance(10 * MINUTE);
        const run = await expire();
        expect(run.code, `${minutes} minutes after the busy sample: ${run.stdout}`).toBe(0);
      }
      expect(podNamed("trainer")?.status).toBe("RUNNING");
      advance(10 * MINUTE);
      const stopping = api.emulator.requests.length;
      const stopped = await expire();
      expect(stopped.code).toBe(2);
      expect(stopped.stdout).toContain(`stack dev: stopped trainer (${trainer.id}): whenIdle came at `);
      expect(requestsSince(stopping)).toEqual(["GET /v2/pods", `POST /v2/pods/${trainer.id}/action`]);
      expect(podNamed("trainer")?.status).toBe("EXITED");
      expect(outputsOf("trainer")?.lifetimeState).toBe("stopped: lifetime");
    });

    it("--dry-run past stopAfter lists what would stop and what it saves, and changes nothing", async () => {
      // 50 minutes have passed: the notebook's 2 hours are up 70 minutes later.
      advance(70 * MINUTE);
      const before = api.emulator.requests.length;
      const stateBefore = outputsOf("notebook");
      const dry = await expire("--dry-run", "--json");
      expect(dry.code).toBe(2);
      const document = JSON.parse(dry.stdout);
      expect(document.dryRun).toBe(true);
      expect(document.due).toEqual([
        {
          stack: "dev",
          resource: "notebook",
          id: podNamed("notebook")!.id,
          action: "stop",
          because: "stopAfter",
          at: stateBefore?.expiresAt,
          costPerHour: 0.59,
          savedPerDay: 14.16,
        },
      ]);
      expect(requestsSince(before)).toEqual(["GET /v2/pods"]);
      expect(outputsOf("notebook")).toEqual(stateBefore);
      expect(podNamed("notebook")?.status).toBe("RUNNING");
    });

    it("expire stops the pod past stopAfter with one action call, and records it; up leaves it stopped and says why", async () => {
      const notebook = podNamed("notebook")!;
      const before = api.emulator.requests.length;
      const run = await expire();
      expect(run.code).toBe(2);
      expect(requestsSince(before)).toEqual(["GET /v2/pods", `POST /v2/pods/${notebook.id}/action`]);
      const recorded = outputsOf("notebook");
      expect(recorded).toMatchObject({ status: "EXITED", cost: 0, lifetimeState: "stopped: lifetime" });
      expect(podNamed("notebook")?.status).toBe("EXITED");

      const again = await expire();
      expect(again.code).toBe(0);

      const writes = api.emulator.requests.length;
      const up = await lifetimes.up();
      expect(up.code, output(up)).toBe(0);
      expect(requestsSince(writes).filter((request) => !request.startsWith("GET"))).toEqual([]);
      expect(output(up)).toContain(`pod "notebook": expired at ${String(recorded?.endedAt)}, stays stopped; change \`lifetime\` to renew`);
      expect(podNamed("notebook")?.status).toBe("EXITED");
      expect(podNamed("trainer")?.status).toBe("EXITED");
    });

    it("expire terminates the pod past terminateAfter; up does not recreate it until its lifetime changes", async () => {
      advance(HOUR);
      const sweep = podNamed("sweep")!;
      const run = await expire();
      expect(run.code).toBe(2);
      expect(run.stdout).toContain(`stack dev: terminated sweep (${sweep.id}): terminateAfter came at `);
      expect(podNamed("sweep")).toBeUndefined();
      expect(outputsOf("sweep")).toMatchObject({ id: sweep.id, status: "TERMINATED", lifetimeState: "terminated: lifetime" });

      const up = await lifetimes.up();
      expect(up.code, output(up)).toBe(0);
      expect(podNamed("sweep")).toBeUndefined();
    });

    it("renewing the lifetimes starts the stopped pod again and recreates the terminated one", async () => {
      await lifetimes.write(experimentPods({ notebook: { stopAfter: "4h" }, sweep: { terminateAfter: "5h" } }));
      const up = await lifetimes.up();
      expect(up.code, output(up)).toBe(0);
      expect(podNamed("notebook")?.status).toBe("RUNNING");
      const { notebook, sweep } = resources();
      expect(notebook?.lifetimeState).toBe("active");
      expect(Date.parse(String(notebook?.expiresAt))).toBeGreaterThanOrEqual(api.emulator.clock.now() + 4 * HOUR - 5 * MINUTE);
      expect(podNamed("sweep")?.status).toBe("RUNNING");
      expect(sweep?.lifetimeState).toBe("active");
    });

    it("--warn-within lists what ends soon; the stack's TTL destroys the stack after it and not before", async () => {
      await lifetimes.write(experimentPods({ notebook: { stopAfter: "4h" }, sweep: { terminateAfter: "5h" } }, "8h"));
      const soon = await expire("--warn-within", "5h", "--json");
      expect(soon.code).toBe(0);
      const document = JSON.parse(soon.stdout);
      expect(document.due).toEqual([]);
      expect(document.soon.map(({ resource, action }: { resource: string; action: string }) => `${action} ${resource}`)).toEqual([
        "stop notebook",
        "terminate sweep",
      ]);
      expect(document.expiredStacks).toEqual([]);
      const [ttl] = document.stackTtls;
      expect(ttl).toMatchObject({ stack: "dev", ttl: "8h" });
      if (lifetimes.ttlNotice) {
        const preview = await lifetimes.preview();
        expect(preview.code, output(preview)).toBe(0);
        expect(preview.stdout).toContain(lifetimes.ttlNotice(ttl));
      }

      // The TTL counts from the first update's start, by the machine's clock: ten minutes before it, by the API's.
      advance(Date.parse(ttl.expiresAt) - 10 * MINUTE - api.emulator.clock.now());
      const before = await expire("--json");
      expect(before.code).toBe(2);
      expect(JSON.parse(before.stdout).expiredStacks).toEqual([]);
      expect(
        api.emulator
          .snapshot()
          .pods.map((found) => found.name)
          .sort(),
      ).toEqual(["notebook", "sweep", "trainer"]);

      advance(10 * MINUTE);
      const dry = await expire("--dry-run");
      expect(dry.code).toBe(2);
      expect(dry.stdout).toBe(`stack dev: would be destroyed: its ttl of 8h ran out at ${ttl.expiresAt}\n`);
      expect(api.emulator.snapshot().pods).toHaveLength(3);
      const destroyed = await expire();
      expect(destroyed).toEqual({ code: 2, stdout: `stack dev: destroyed: its ttl of 8h ran out at ${ttl.expiresAt}\n`, stderr: "" });
      expect(api.emulator.snapshot().pods).toEqual([]);
      expect(outputsOf("notebook")).toBeUndefined();
    });

    it("costs no request at all for a stack where nothing has a lifetime and that has no TTL", async () => {
      await lifetimes.write({ pods: [{ name: "shell", image: "ubuntu:24.04", gpu: { id: "NVIDIA L40S", count: 1 } }] });
      const up = await lifetimes.up();
      expect(up.code, output(up)).toBe(0);
      const before = api.emulator.requests.length;
      expect(await expire("--json")).toMatchObject({ code: 0, stderr: "" });
      expect(await expire()).toEqual({ code: 0, stdout: "Nothing to expire.\n", stderr: "" });
      expect(requestsSince(before)).toEqual([]);
      expect(podNamed("shell")?.status).toBe("RUNNING");
    });
  });
}
