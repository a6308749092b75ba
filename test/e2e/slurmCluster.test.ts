/**
 * examples/slurm-cluster through the real Pulumi CLI: the cluster comes up with a controller and a compute
 * node, a preview right after shows no changes, a rename updates it in place, and destroy removes it with its
 * nodes. After every step the emulator holds exactly what the stack's state says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { expectProvidersRequired, stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

describe("examples/slurm-cluster", () => {
  let api: TestEmulator;
  let stack: StackDriver;
  let clusterId: string | undefined;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("slurm-cluster");
    stack = await openTestStack({
      program: exampleProgram(workDir, "slurm-cluster"),
      stackName: "e2e",
      projectName: "slurm-cluster",
      workDir,
      config: api.stackConfig,
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up returns once the controller and the compute node run", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    expect(result.outputs.gpuCount?.value).toBe(16);
    const nodes = result.outputs.nodes?.value as Array<{ rank: number; role: string; ip: string }>;
    expect(nodes.map(({ rank, role }) => [rank, role])).toEqual([
      [0, "SLURM_CONTROLLER"],
      [1, "SLURM_COMPUTE"],
    ]);
    expect(nodes.every(({ ip }) => /^10\.\d+\.0\.\d+$/.test(ip))).toBe(true);

    const state = await expectInSync(stack, api.emulator);
    const [cluster] = stateResources(state, "Cluster");
    clusterId = cluster?.id;
    expectProvidersRequired(state, ["Cluster"]);
    expect(result.outputs.controllerSsh?.value).toBe(
      api.emulator.snapshot().clusters.find((live) => live.id === clusterId)?.primary?.sshEndpoint,
    );
    expect(api.emulator.snapshot().pods.map((pod) => pod.status)).toEqual(["RUNNING", "RUNNING"]);
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
    await expectInSync(stack, api.emulator);
  });

  it("a new name updates the cluster in place", async () => {
    await stack.setConfig({ "slurm-cluster:clusterName": { value: "hpc-prod" } });
    expect(changeSummary(await stack.up())).toEqual({ same: 1, update: 1 });
    const state = await expectInSync(stack, api.emulator);
    const [cluster] = stateResources(state, "Cluster");
    expect([cluster?.id, cluster?.outputs?.name]).toEqual([clusterId, "hpc-prod"]);
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
  });

  it("destroy removes the cluster with its nodes", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 2 });
    await expectInSync(stack, api.emulator);
    const snapshot = api.emulator.snapshot();
    expect([snapshot.clusters, snapshot.pods]).toEqual([[], []]);
  });
});
