/**
 * Auto-naming through the real Pulumi CLI: resources declared without `name` get their logical name plus seven
 * random hex digits, the name survives later `up`s, an update in place never renames, and a replacement keeps
 * the rule with a fresh suffix, as Pulumi's own providers do.
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

describe("resources declared without a name", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("auto-naming");
    const { NetworkVolume, Pod, Template } = requireFrom(workDir)("pulumi-computeplatform") as typeof cp;
    stack = await openTestStack({
      stackName: "e2e",
      projectName: "auto-naming",
      workDir,
      config: api.stackConfig,
      program: async () => {
        const config = new pulumi.Config();
        const volume = new NetworkVolume("data", { size: config.getNumber("size") ?? 20, dataCenter: "US-TX-3" });
        const template = new Template("base", { image: config.get("image") ?? "org/base:1.0" });
        const pod = new Pod("web", {
          image: "nginx:1.27",
          cpu: { id: "cpu3c", vcpuCount: config.getNumber("vcpus") ?? 2, memory: 4 },
        });
        return { volume: volume.name, template: template.name, pod: pod.name };
      },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  const names = ({ outputs }: { outputs: Record<string, { value: unknown }> }) =>
    Object.fromEntries(Object.entries(outputs).map(([key, output]) => [key, output.value])) as Record<string, string>;
  let first: Record<string, string>;

  it("up names each resource after its logical name, and the API holds those names", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 4 });
    first = names(result);
    expect(first).toEqual({
      volume: expect.stringMatching(/^data-[0-9a-f]{7}$/),
      template: expect.stringMatching(/^base-[0-9a-f]{7}$/),
      pod: expect.stringMatching(/^web-[0-9a-f]{7}$/),
    });
    const { networkVolumes, templates, pods } = api.emulator.snapshot();
    expect({ volume: networkVolumes[0]?.name, template: templates[0]?.name, pod: pods[0]?.name }).toEqual(first);
    await expectInSync(stack, api.emulator);
  });

  it("a later up keeps every name: nothing changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 4 });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 4 });
    expect(names(result)).toEqual(first);
  });

  it("an update in place never renames", async () => {
    await stack.setConfig({ "auto-naming:size": { value: "30" }, "auto-naming:image": { value: "org/base:1.1" } });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 2, update: 2 });
    expect(names(result)).toEqual(first);
    await expectInSync(stack, api.emulator);
  });

  it("a replacement keeps the rule: a fresh name from the logical name", async () => {
    const [before] = stateResources(await stack.exportState(), "Pod");
    await stack.setConfig({ "auto-naming:vcpus": { value: "4" } });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 3, replace: 1 });
    const [after] = stateResources(await stack.exportState(), "Pod");
    expect(after?.id).not.toBe(before?.id);
    // The engine checks a replacement afresh, without the old inputs, so it gets a new name by the same rule.
    expect(names(result)).toEqual({ ...first, pod: expect.stringMatching(/^web-[0-9a-f]{7}$/) });
    expect(names(result).pod).not.toBe(first.pod);
    expect(api.emulator.snapshot().pods.map((pod) => pod.name)).toContain(names(result).pod);
    await expectInSync(stack, api.emulator);
  });
});
