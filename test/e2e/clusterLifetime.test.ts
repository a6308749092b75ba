/**
 * A Cluster's lifetime through the packed package's CLI and the real Pulumi CLI against a local emulator whose clock
 * the test moves: a stop is refused at validate, naming the field and why; preview gives the most the cluster costs
 * before it is terminated; `computeplatform expire` deletes a cluster past `terminateAfter` with one call and keeps
 * it in state as expired; `up` of the unchanged manifest does not create it again; renewing its lifetime does.
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

const manifest = (lifetime: string) => `resources:
  sweep:
    type: Cluster
    properties:
      name: sweep
      type: TRAINING
      compute: { gpuTypeId: NVIDIA H100 80GB HBM3, gpuCountPerPod: 1, podCount: 2 }
      image: ghcr.io/acme/sweep:1
      lifetime: ${lifetime}
`;

describe("a Cluster's lifetime: computeplatform expire deletes it, up leaves it expired until renewed", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let deployed = false;

  const computeplatform = (args: string[]): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env });
  };
  const writeManifest = (lifetime: string) => fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest(lifetime));
  const sweepOutputs = async (): Promise<Record<string, unknown> | undefined> => {
    const exported = await exec("pulumi", ["stack", "export", "--stack", "dev", "--non-interactive"], { cwd: folder, env });
    const state = JSON.parse(exported.stdout) as Deployment;
    const resources = (state.deployment as { resources?: Array<{ urn: string; id: string; outputs: Record<string, unknown> }> }).resources;
    const found = (resources ?? []).find((entry) => entry.urn.endsWith("::sweep"));
    return found && { id: found.id, ...found.outputs };
  };
  const liveClusters = () => api.emulator.snapshot().clusters.map((cluster) => cluster.id);
  /** The writes the emulator received since the `count`th request: `METHOD path`. */
  const writesSince = (count: number) =>
    api.emulator.requests.flatMap(({ method, path: at }, index) => (index < count || method === "GET" ? [] : [`${method} ${at}`]));

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("cluster-lifetime");
    env = await stackCommandEnvironment(folder, api);
  });
  afterAll(async () => {
    if (deployed) await computeplatform(["destroy", "manifest.yaml", "--yes"]);
    await api?.emulator.close();
  });

  it("refuses stopAfter on a Cluster at validate, naming the field and why", async () => {
    writeManifest("{ stopAfter: 2h }");
    const validation = await computeplatform(["validate", "manifest.yaml"]);
    expect(validation.code).toBe(1);
    expect(validation.stderr).toContain(
      "lifetime.stopAfter: a cluster cannot be stopped (the API has no stop for a cluster, only delete): use terminateAfter",
    );
    expect(api.emulator.requests).toEqual([]);
  });

  it("preview gives the most it costs before it is terminated; up records when it expires", async () => {
    writeManifest("{ terminateAfter: 3h }");
    const preview = await computeplatform(["preview", "manifest.yaml"]);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/Cluster sweep.*: at most \$\d+\.\d\d before it is terminated \(3\.0 h at \$\d+\.\d{4}\/h\)\./);

    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    deployed = true;
    expect(up.code, up.stdout + up.stderr).toBe(0);
    const sweep = await sweepOutputs();
    expect(sweep).toMatchObject({ lifetime: { terminateAfter: "3h" }, lifetimeState: "active" });
    expect(Date.parse(String(sweep?.expiresAt)) - Date.parse(String(sweep?.lifetimeSince))).toBe(3 * HOUR);
  });

  it("expire deletes it past terminateAfter with one call and keeps it in state as expired; up does not recreate it", async () => {
    const [id] = liveClusters();
    api.emulator.clock.advance(3 * HOUR + MINUTE);
    const before = api.emulator.requests.length;
    const run = await computeplatform(["expire", "manifest.yaml"]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toContain(`stack dev: terminated sweep (${id}): terminateAfter came at `);
    expect(writesSince(before)).toEqual([`DELETE /v2/clusters/${id}`]);
    expect(liveClusters()).toEqual([]);
    expect(await sweepOutputs()).toMatchObject({ id, lifetimeState: "terminated: lifetime", members: [] });

    const writes = api.emulator.requests.length;
    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    expect(up.code, up.stdout + up.stderr).toBe(0);
    expect(up.stdout).toContain('cluster "sweep": expired at ');
    expect(writesSince(writes)).toEqual([]);
    expect(liveClusters()).toEqual([]);
  });

  it("renewing its lifetime creates it again", async () => {
    writeManifest("{ terminateAfter: 6h }");
    const up = await computeplatform(["up", "manifest.yaml", "--yes"]);
    expect(up.code, up.stdout + up.stderr).toBe(0);
    const [id] = liveClusters();
    const sweep = await sweepOutputs();
    expect(sweep).toMatchObject({ id, lifetime: { terminateAfter: "6h" }, lifetimeState: "active" });
    expect(Date.parse(String(sweep?.expiresAt))).toBeGreaterThanOrEqual(api.emulator.clock.now() + 6 * HOUR - 5 * MINUTE);
  });
});
