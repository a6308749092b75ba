/**
 * Failures through the real Pulumi CLI, on the packed package: a pod that goes to ERROR during create
 * leaves nothing behind; one that goes to ERROR during an update stays in the stack, marked as failed,
 * and can still be refreshed, repaired by the next `up`, and destroyed. The emulator fails every pod
 * whose name starts with "doomed" at the moment it would become RUNNING.
 */
import * as pulumi from "@pulumi/pulumi";
import { CommandError } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { providerModulePath, stateResources } from "../support/state";
import { requireFrom, suiteWorkDir } from "../support/workDir";

type PodClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource & { status: pulumi.Output<string> };

describe("failures through the engine", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  async function setPod(name: string, image: string): Promise<void> {
    await stack.setConfig({ "failures:name": { value: name }, "failures:image": { value: image } });
  }

  beforeAll(async () => {
    api = await startTestEmulator({ failPodsNamed: "^doomed" });
    const workDir = suiteWorkDir("failures");
    const { Pod } = requireFrom(workDir)("pulumi-computeplatform") as { Pod: PodClass };
    stack = await openTestStack({
      stackName: "failures",
      projectName: "failures",
      workDir,
      config: api.stackConfig,
      program: async () => {
        const config = new pulumi.Config();
        const pod = new Pod("worker", {
          name: config.require("name"),
          image: config.require("image"),
          gpu: { id: "NVIDIA GeForce RTX 4090" },
          readyTimeoutSeconds: 60,
        });
        return { status: pod.status };
      },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("a pod that goes to ERROR while being created is deleted and the up fails, naming the reason", async () => {
    await setPod("doomed-at-create", "alpine:3");
    const error = await stack.up().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect(String(error)).toMatch(
      /pod "doomed-at-create" did not become RUNNING: pod \w+ went to ERROR\. It was deleted; nothing was left behind\./,
    );
    const state = await expectInSync(stack, api.emulator);
    expect(stateResources(state, "Pod")).toEqual([]);
    expect(api.emulator.snapshot().pods).toEqual([]);
  });

  it("the same stack then creates a healthy pod", async () => {
    await setPod("worker", "alpine:3");
    expect(changeSummary(await stack.up())).toEqual({ same: 1, create: 1 });
    await expectInSync(stack, api.emulator);
  });

  it("a pod that goes to ERROR during an update stays in the stack, marked as failed", async () => {
    await setPod("doomed-at-update", "alpine:4");
    const error = await stack.up().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect(String(error)).toMatch(/did not reach RUNNING after the update: pod \w+ went to ERROR/);
    const state = await expectInSync(stack, api.emulator);
    const [pod] = stateResources(state, "Pod");
    expect(pod?.outputs).toMatchObject({ status: "ERROR", name: "doomed-at-update", image: "alpine:4" });
    expect(pod?.outputs?.__provider).toContain(`require("${providerModulePath("Pod")}")`);
    expect((pod as { initErrors?: string[] } | undefined)?.initErrors).toEqual([expect.stringMatching(/went to ERROR/)]);
  });

  it("refresh still works on the failed pod, and reports it as drifted from what the program wants", async () => {
    const result = await stack.refresh();
    expect(changeSummary(result)).toEqual({ same: 1, update: 1 });
    const state = await expectInSync(stack, api.emulator);
    expect(stateResources(state, "Pod")[0]?.outputs?.status).toBe("ERROR");
  });

  it("the next up repairs it in place", async () => {
    await setPod("worker", "alpine:3");
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 1, update: 1 });
    expect(result.outputs.status?.value).toBe("RUNNING");
    await expectInSync(stack, api.emulator);
  });

  it("a refresh of the healthy pod reports nothing", async () => {
    expect(changeSummary(await stack.refresh())).toEqual({ same: 2 });
  });

  it("destroy removes it", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 2 });
    await expectInSync(stack, api.emulator);
    expect(api.emulator.snapshot().pods).toEqual([]);
  });
});
