/**
 * examples/private-registry-template through the real Pulumi CLI, with pulumi-computeplatform packed and
 * installed as a user would: create, no-op preview, an in-place template edit, a credential rotation, destroy.
 * After every step the emulator holds exactly what the stack's state says, and neither the registry
 * password nor the API key appears in the state or in anything the engine printed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { stateContains, stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

const FIRST_PASSWORD = "ghp-first-5b0c1e7f2a";
const ROTATED_PASSWORD = "ghp-rotated-9d4e8a31c6";

describe("examples/private-registry-template", () => {
  let api: TestEmulator;
  let stack: StackDriver;
  /** Everything the engine printed so far. */
  const printed: string[] = [];

  async function run<R extends { stdout: string; stderr: string }>(operation: Promise<R>): Promise<R> {
    const result = await operation;
    printed.push(result.stdout, result.stderr);
    return result;
  }

  async function expectNoSecretAnywhere(): Promise<void> {
    const state = await stack.exportState();
    for (const secret of [FIRST_PASSWORD, ROTATED_PASSWORD, api.apiKey]) {
      expect(stateContains(state, secret), "state").toBe(false);
      expect(
        printed.some((text) => text.includes(secret)),
        "engine output",
      ).toBe(false);
    }
  }

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("private-registry-template");
    stack = await openTestStack({
      program: exampleProgram(workDir, "private-registry-template"),
      stackName: "e2e",
      projectName: "private-registry-template",
      workDir,
      config: { ...api.stackConfig, "private-registry-template:registryPassword": { value: FIRST_PASSWORD, secret: true } },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("up creates the credential, the template that names it, and a running pod made from the template", async () => {
    const result = await run(stack.up());
    expect(changeSummary(result)).toEqual({ create: 4 });
    expect(result.outputs.podImage?.value).toBe("ghcr.io/acme/trainer:1.4");
    expect(result.outputs.podEnvKeys?.value).toEqual(["HF_HOME", "PUBLIC_KEY", "RUN_NAME", "TOKENIZERS_PARALLELISM"]);

    const state = await expectInSync(stack, api.emulator);
    const [registry] = stateResources(state, "Registry");
    const [template] = stateResources(state, "Template");
    const [pod] = stateResources(state, "Pod");
    expect(result.outputs.templateId?.value).toBe(template?.id);
    expect(template?.outputs).toMatchObject({ registry: registry?.id, disk: 40, mounts: { persistent: { size: 50, path: "/workspace" } } });
    expect(pod?.outputs).toMatchObject({
      status: "RUNNING",
      template: template?.id,
      registry: registry?.id,
      disk: 40,
      ports: ["22/tcp", "8888/http"],
      mounts: { persistent: { size: 50, path: "/workspace" } },
    });
    await expectNoSecretAnywhere();
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await run(stack.preview()))).toEqual({ same: 4 });
    await expectInSync(stack, api.emulator);
  });

  it("a new image tag updates the template in place and leaves the running pod as it started", async () => {
    await stack.setConfig({ "private-registry-template:imageTag": { value: "1.5" } });
    expect(changeSummary(await run(stack.up()))).toEqual({ same: 3, update: 1 });

    const state = await expectInSync(stack, api.emulator);
    expect(stateResources(state, "Template")[0]?.outputs?.image).toBe("ghcr.io/acme/trainer:1.5");
    expect(stateResources(state, "Pod")[0]?.outputs?.image).toBe("ghcr.io/acme/trainer:1.4");
    expect(changeSummary(await run(stack.preview()))).toEqual({ same: 4 });
  });

  it("rotating the password replaces the credential and re-points the template and the pod before the old one goes", async () => {
    const before = stateResources(await stack.exportState(), "Registry")[0]?.id;
    await stack.setConfig({ "private-registry-template:registryPassword": { value: ROTATED_PASSWORD, secret: true } });
    expect(changeSummary(await run(stack.up()))).toEqual({ same: 1, replace: 1, update: 2 });

    const state = await expectInSync(stack, api.emulator);
    const [registry] = stateResources(state, "Registry");
    expect(registry?.id).not.toBe(before);
    expect(stateResources(state, "Template")[0]?.outputs?.registry).toBe(registry?.id);
    expect(stateResources(state, "Pod")[0]?.outputs?.registry).toBe(registry?.id);
    expect(changeSummary(await run(stack.preview()))).toEqual({ same: 4 });
    await expectNoSecretAnywhere();
  });

  it("refresh reads back a credential renamed elsewhere without revealing its secrets, and up puts it right", async () => {
    const id = stateResources(await stack.exportState(), "Registry")[0]?.id;
    expect((await api.request("PATCH", `/v2/registries/${id}`, { name: "renamed-in-console" })).status).toBe(200);

    expect(changeSummary(await run(stack.refresh()))).toEqual({ same: 3, update: 1 });
    const refreshed = await expectInSync(stack, api.emulator);
    expect(stateResources(refreshed, "Registry")[0]?.outputs?.name).toBe("renamed-in-console");
    await expectNoSecretAnywhere();

    // Every field of a credential replaces it, so the declared name comes back as a new credential.
    expect(changeSummary(await run(stack.up()))).toEqual({ same: 1, replace: 1, update: 2 });
    const state = await expectInSync(stack, api.emulator);
    expect(stateResources(state, "Registry")[0]?.outputs?.name).toBe("ghcr-acme");
    expect(changeSummary(await run(stack.preview()))).toEqual({ same: 4 });
    await expectNoSecretAnywhere();
  });

  it("destroy leaves the emulator empty", async () => {
    // The three resources and the stack itself.
    expect(changeSummary(await run(stack.destroy()))).toEqual({ delete: 4 });
    await expectInSync(stack, api.emulator);
    const { pods, templates, registries } = api.emulator.snapshot();
    expect({ pods: pods.filter((pod) => pod.status !== "TERMINATED"), templates, registries }).toEqual({
      pods: [],
      templates: [],
      registries: [],
    });
    await expectNoSecretAnywhere();
  });
});
