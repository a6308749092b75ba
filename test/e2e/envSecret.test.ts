/**
 * `env` is a secret as an argument and as an output, through the real Pulumi CLI: a TypeScript program passes plain
 * env values to a template, a pod, a serverless endpoint and a cluster. No value is in any file of the state backend
 * (the state, its backups and its history), `preview --diff` shows `[secret]` in their place, a preview right after
 * `up` shows no change, and a new value is an in-place update: one PATCH of exactly `env` per resource.
 */
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import type * as cp from "../../provider";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { filesHolding, stateResources } from "../support/state";
import { requireFrom, suiteWorkDir } from "../support/workDir";

const SECRET_SIGNATURE = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const KINDS = ["Template", "Pod", "ServerlessEndpoint", "Cluster"] as const;

describe("env values stay secret in state and in preview --diff", () => {
  const value = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;
  const [first, second, clusterValue] = [value("first"), value("second"), value("cluster")];
  let api: TestEmulator;
  let stack: StackDriver;
  let backend: string;
  /** The value the program passes, in plain text: not stack config, which the backend keeps in plain text. */
  let token = first;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("env-secret");
    backend = path.join(workDir, ".pulumi-state");
    const { Cluster, Pod, ServerlessEndpoint, Template } = requireFrom(workDir)("pulumi-computeplatform") as typeof cp;
    stack = await openTestStack({
      stackName: "e2e",
      projectName: "env-secret",
      workDir,
      config: api.stackConfig,
      program: async () => {
        new Template("base", { name: "base", image: "org/base:1", env: { HF_TOKEN: token } });
        new Pod("trainer", { name: "trainer", image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 1 }, env: { MODE: token } });
        new ServerlessEndpoint("api", {
          name: "api",
          type: "QUEUE",
          image: "org/api:1",
          cpu: [{ id: "cpu3c", vcpuCount: 2 }],
          scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
          env: { API_TOKEN: token },
        });
        new Cluster("hpc", {
          name: "hpc",
          type: "SLURM",
          compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
          image: "org/slurm:24",
          env: { CLUSTER_TOKEN: clusterValue },
        });
      },
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  const expectNoValueInBackend = () => {
    for (const text of [first, second, clusterValue]) expect(filesHolding(backend, text), text).toEqual([]);
  };

  it("up records each env as a secret input and output, and no value is in any file of the backend", async () => {
    expect(changeSummary(await stack.up())).toEqual({ create: 5 });
    const state = await expectInSync(stack, api.emulator);
    for (const kind of KINDS) {
      const [resource] = stateResources(state, kind);
      expect(resource?.inputs?.env, kind).toMatchObject(SECRET_SIGNATURE);
      expect(resource?.outputs?.env, kind).toMatchObject(SECRET_SIGNATURE);
    }
    expectNoValueInBackend();
    expect(changeSummary(await stack.preview())).toEqual({ same: 5 });
  });

  it("a new value is shown as [secret] by preview --diff, and is one PATCH of exactly env per resource", async () => {
    token = second;
    const preview = await stack.preview({ diff: true });
    expect(changeSummary(preview)).toEqual({ same: 2, update: 3 });
    expect(preview.stdout).toContain("[secret]");
    for (const text of [first, second, clusterValue]) expect(preview.stdout, text).not.toContain(text);

    const before = api.emulator.requests.length;
    const live = () => {
      const { pods, endpoints, templates } = api.emulator.snapshot();
      return { pod: pods.find((pod) => pod.name === "trainer")!, endpoint: endpoints[0]!, template: templates[0]! };
    };
    const was = live();
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 2, update: 3 });
    expect([result.stdout, result.stderr].join("")).not.toContain(second);
    const writes = api.emulator.requests.slice(before).filter((request) => request.method !== "GET");
    expect(writes.map(({ method, path: route }) => `${method} ${route}`).sort()).toEqual(
      [`PATCH /v2/pods/${was.pod.id}`, `PATCH /v2/serverless/${was.endpoint.id}`, `PATCH /v2/templates/${was.template.id}`].sort(),
    );
    // Each PATCH changed env alone.
    const now = live();
    expect(now.pod).toMatchObject({ image: was.pod.image, gpu: was.pod.gpu, env: { ...was.pod.env, MODE: second } });
    expect(now.endpoint).toMatchObject({ image: was.endpoint.image, env: { API_TOKEN: second } });
    expect(now.template).toEqual({ ...was.template, env: { HF_TOKEN: second } });
    await expectInSync(stack, api.emulator);
    expectNoValueInBackend();
    expect(changeSummary(await stack.preview())).toEqual({ same: 5 });
  });
});
