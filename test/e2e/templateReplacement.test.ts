/**
 * A template replaced under a running pod, through the real Pulumi CLI: removing the template's persistent
 * mount replaces the template (the API cannot clear a mount), and the pod made from it moves to the new
 * template in place instead of being replaced with it, so it keeps its id and its data.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import type * as cp from "../../provider";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { stateResources } from "../support/state";
import { requireFrom, suiteWorkDir } from "../support/workDir";

describe("a template replaced under its pod", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("template-replacement");
    const { Pod, Template } = requireFrom(workDir)("pulumi-computeplatform") as typeof cp;
    stack = await openTestStack({
      stackName: "e2e",
      projectName: "template-replacement",
      workDir,
      config: api.stackConfig,
      program: async () => {
        const withMount = new pulumi.Config().getBoolean("templateMount") ?? true;
        const template = new Template("trainer", {
          name: "trainer",
          image: "org/trainer:1.4",
          env: { HF_HOME: "/workspace/hf" },
          ...(withMount ? { mounts: { persistent: { size: 50, path: "/workspace" } } } : {}),
        });
        const pod = new Pod("trainer", { name: "trainer", templateId: template.id, gpu: { id: "NVIDIA RTX A6000" } });
        return { podTemplate: pod.template };
      },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up creates the template and a running pod made from it", async () => {
    expect(changeSummary(await stack.up())).toEqual({ create: 3 });
    await expectInSync(stack, api.emulator);
  });

  it("removing the template's mount replaces the template and updates the pod in place", async () => {
    const before = await stack.exportState();
    const [podBefore] = stateResources(before, "Pod");
    const [templateBefore] = stateResources(before, "Template");
    await stack.setConfig({ "template-replacement:templateMount": { value: "false" } });

    expect(changeSummary(await stack.preview())).toEqual({ same: 1, replace: 1, update: 1 });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 1, replace: 1, update: 1 });

    const state = await expectInSync(stack, api.emulator);
    const [pod] = stateResources(state, "Pod");
    const [template] = stateResources(state, "Template");
    expect(template?.id).not.toBe(templateBefore?.id);
    expect(pod?.id).toBe(podBefore?.id);
    expect(result.outputs.podTemplate?.value).toBe(template?.id);
    // The pod keeps the mount it was created with: a template's mount is applied only at create.
    expect(pod?.outputs?.mounts).toEqual({ persistent: { size: 50, path: "/workspace" } });
    expect(changeSummary(await stack.preview())).toEqual({ same: 3 });
  });

  it("destroy leaves the emulator empty", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 3 });
    await expectInSync(stack, api.emulator);
    const { pods, templates } = api.emulator.snapshot();
    expect({ pods: pods.filter((pod) => pod.status !== "TERMINATED"), templates }).toEqual({ pods: [], templates: [] });
  });
});
