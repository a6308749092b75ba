/**
 * Lifetimes that fire, through the packed package's CLI and the real Pulumi CLI against a local emulator whose clock
 * the test moves: `computeplatform expire` stops a pod past `stopAfter` (one action call, the state updated), and
 * the following `up` of the unchanged manifest leaves it stopped; renewing `lifetime` starts it again; a pod past
 * `terminateAfter` is terminated, kept in state as expired and not recreated until its lifetime changes; an idle
 * pod is stopped on the first run at or after `whenIdle.for`, a busy sample in between resetting its idle clock;
 * the manifest's TTL, whose date preview shows, destroys the stack; a stack where nothing has a lifetime costs no
 * request; `--dry-run` changes nothing; bad input is refused before anything is made.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Deployment } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const manifest = (lifetimes: { notebook: string; sweep: string }, ttl?: string) => `${ttl === undefined ? "" : `ttl: ${ttl}\n`}resources:
  notebook:
    type: Pod
    properties:
      name: notebook
      image: jupyter/base-notebook:latest
      gpu: { id: NVIDIA GeForce RTX 4090, count: 1 }
      lifetime: { stopAfter: ${lifetimes.notebook} }
  sweep:
    type: Pod
    properties:
      name: sweep
      image: ghcr.io/acme/sweep:1
      gpu: { id: NVIDIA L40S, count: 1 }
      lifetime: { terminateAfter: ${lifetimes.sweep} }
  trainer:
    type: Pod
    properties:
      name: trainer
      image: ghcr.io/acme/trainer:1.4
      gpu: { id: NVIDIA L40S, count: 1 }
      lifetime: { whenIdle: { gpuUtilizationBelow: 5, for: 30m, then: stop } }
`;

describe("lifetimes fire: computeplatform expire with the emulator's clock moved", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let deployed = false;

  const computeplatform = (args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env });
  };
  const expire = (...flags: string[]) => computeplatform(["expire", "manifest.yaml", "--every", "10m", ...flags]);
  const pulumi = (...args: string[]) => exec("pulumi", [...args, "--stack", "dev", "--non-interactive"], { cwd: folder, env });
  const outputsOf = async (resource: string): Promise<Record<string, unknown> | undefined> => {
    const state = JSON.parse((await pulumi("stack", "export")).stdout) as Deployment;
    const resources = (state.deployment as { resources?: Array<{ urn: string; id: string; outputs: Record<string, unknown> }> }).resources;
    const found = (resources ?? []).find((entry) => entry.urn.endsWith(`::${resource}`));
    return found && { id: found.id, ...found.outputs };
  };
  const podNamed = (name: string) => api.emulator.snapshot().pods.find((pod) => pod.name === name);
  const requestsSince = (count: number) => api.emulator.requests.slice(count).map(({ method, path: at }) => `${method} ${at}`);
  const writeManifest = (lifetimes: { notebook: string; sweep: string }, ttl?: string) =>
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest(lifetimes, ttl));
  const advance = (ms: number) => api.emulator.clock.advance(ms);

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("lifetimes");
    env = await stackCommandEnvironment(folder, api);
  });

  afterAll(async () => {
    if (deployed) await computeplatform(["destroy", "manifest.yaml", "--yes"]);
    await api?.emulator.close();
  });

  it("refuses bad lifetimes at validate and preview, naming the field, and creates nothing", async () => {
    fs.writeFileSync(
      path.join(folder, "manifest.yaml"),
      manifest({ notebook: "-2h", sweep: "3h" }).replace(
        "lifetime: { terminateAfter: 3h }",
        "lifetime: { stopAfter: 4h, terminateAfter: 3h }",
      ),
    );
    const validation = await computeplatform(["validate", "manifest.yaml"]);
    expect(validation.code).toBe(1);
    expect(validation.stderr).toContain(
      'lifetime.stopAfter: a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"',
    );
    expect(validation.stderr).toContain(
      'lifetime.terminateAfter: "3h" ends the resource before its stopAfter of "4h": make it longer, or drop stopAfter',
    );
    const preview = await computeplatform(["preview", "manifest.yaml"]);
    expect(preview.code).toBe(1);
    expect(preview.stderr + preview.stdout).toContain("lifetime.stopAfter");
    expect(api.emulator.requests.filter(({ method }) => method !== "GET")).toEqual([]);
  });

  it("deploys three pods with lifetimes, whose outputs say when they expire", async () => {
    writeManifest({ notebook: "2h", sweep: "3h" });
    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    deployed = true;
    expect(up.code, up.stdout + up.stderr).toBe(0);
    const notebook = await outputsOf("notebook");
    expect(notebook?.lifetimeState).toBe("active");
    expect(Date.parse(String(notebook?.expiresAt)) - Date.parse(String(notebook?.lifetimeSince))).toBe(2 * HOUR);
    const trainer = await outputsOf("trainer");
    expect(trainer?.lifetimeState).toBe("active");
    expect(trainer?.expiresAt).toBeUndefined();
  });

  it("refuses an idle `for` shorter than twice the declared schedule, before any API call", async () => {
    const before = api.emulator.requests.length;
    const refused = await computeplatform(["expire", "manifest.yaml", "--every", "20m"]);
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
    expect((await outputsOf("trainer"))?.lifetimeState).toMatch(/^idle since /);

    advance(10 * MINUTE);
    api.emulator.gpuUtilization.set(trainer.id, 50);
    expect((await expire()).code).toBe(0);
    expect((await outputsOf("trainer"))?.lifetimeState).toBe("active");

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
    expect((await outputsOf("trainer"))?.lifetimeState).toBe("stopped: lifetime");
  });

  it("--dry-run past stopAfter lists what would stop and what it saves, and changes nothing", async () => {
    // 50 minutes have passed: the notebook's 2 hours are up 70 minutes later.
    advance(70 * MINUTE);
    const before = api.emulator.requests.length;
    const stateBefore = await outputsOf("notebook");
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
    expect(await outputsOf("notebook")).toEqual(stateBefore);
    expect(podNamed("notebook")?.status).toBe("RUNNING");
  });

  it("expire stops the pod past stopAfter with one action call, and records it; up leaves it stopped", async () => {
    const notebook = podNamed("notebook")!;
    const before = api.emulator.requests.length;
    const run = await expire();
    expect(run.code).toBe(2);
    expect(requestsSince(before)).toEqual(["GET /v2/pods", `POST /v2/pods/${notebook.id}/action`]);
    const recorded = await outputsOf("notebook");
    expect(recorded).toMatchObject({ status: "EXITED", cost: 0, lifetimeState: "stopped: lifetime" });
    expect(podNamed("notebook")?.status).toBe("EXITED");

    const again = await expire();
    expect(again.code).toBe(0);

    const writes = api.emulator.requests.length;
    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    expect(up.code, up.stdout + up.stderr).toBe(0);
    expect(requestsSince(writes).filter((request) => !request.startsWith("GET"))).toEqual([]);
    expect(up.stdout).toContain(`pod "notebook": expired at ${String(recorded?.endedAt)}, stays stopped; change \`lifetime\` to renew`);
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
    expect(await outputsOf("sweep")).toMatchObject({ id: sweep.id, status: "TERMINATED", lifetimeState: "terminated: lifetime" });

    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    expect(up.code, up.stdout + up.stderr).toBe(0);
    expect(podNamed("sweep")).toBeUndefined();
  });

  it("renewing the lifetimes starts the stopped pod again and recreates the terminated one", async () => {
    writeManifest({ notebook: "4h", sweep: "5h" });
    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    expect(up.code, up.stdout + up.stderr).toBe(0);
    expect(podNamed("notebook")?.status).toBe("RUNNING");
    const notebook = await outputsOf("notebook");
    expect(notebook?.lifetimeState).toBe("active");
    expect(Date.parse(String(notebook?.expiresAt))).toBeGreaterThanOrEqual(api.emulator.clock.now() + 4 * HOUR - 5 * MINUTE);
    expect(podNamed("sweep")?.status).toBe("RUNNING");
    expect((await outputsOf("sweep"))?.lifetimeState).toBe("active");
  });

  it("--warn-within lists what ends soon; the manifest's TTL, which preview dates, destroys the stack after it and not before", async () => {
    writeManifest({ notebook: "4h", sweep: "5h" }, "8h");
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
    const preview = await computeplatform(["preview", "manifest.yaml"]);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(preview.stdout).toContain(
      `Stack dev expires at ${ttl.expiresAt} (the manifest's ttl of 8h), when \`computeplatform expire\` destroys it.\n`,
    );

    // Three hours and a few minutes have passed since the first up.
    advance(4 * HOUR + 50 * MINUTE);
    expect(api.emulator.clock.now()).toBeLessThan(Date.parse(ttl.expiresAt));
    const before = await expire("--json");
    expect(before.code).toBe(2);
    expect(JSON.parse(before.stdout).expiredStacks).toEqual([]);
    expect(
      api.emulator
        .snapshot()
        .pods.map((pod) => pod.name)
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
    expect(await outputsOf("notebook")).toBeUndefined();
  });

  it("costs no request at all for a stack where nothing has a lifetime and that has no TTL", async () => {
    fs.writeFileSync(
      path.join(folder, "manifest.yaml"),
      "resources:\n  shell:\n    type: Pod\n    properties:\n      name: shell\n      image: ubuntu:24.04\n      gpu: { id: NVIDIA L40S, count: 1 }\n",
    );
    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    expect(up.code, up.stdout + up.stderr).toBe(0);
    const before = api.emulator.requests.length;
    expect(await expire("--json")).toMatchObject({ code: 0, stderr: "" });
    expect(await expire()).toEqual({ code: 0, stdout: "Nothing to expire.\n", stderr: "" });
    expect(requestsSince(before)).toEqual([]);
    expect(podNamed("shell")?.status).toBe("RUNNING");
  });
});
