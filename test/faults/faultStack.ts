import * as pulumi from "@pulumi/pulumi";
import { CommandError } from "@pulumi/pulumi/automation";
import { expect } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import type { TestEmulator } from "../support/emulator";
import { openTestStack } from "../support/stack";
import { stateContains } from "../support/state";
import { requireFrom, suiteWorkDir } from "../support/workDir";

/** The secrets every scenario looks for, by their exact strings, in state, engine output and error messages. */
export const REGISTRY_PASSWORD = "ghp_fault-matrix-registry-password";
export const JUPYTER_PASSWORD = "fault-matrix-jupyter-password";

type Constructor = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;
interface Package {
  Pod: Constructor;
  Cluster: Constructor;
  Registry: Constructor;
}

/** What one deployment of the scenario program declares. */
export interface Scenario {
  /** Part of every pod's name and resource name: a new generation replaces the previous pods (create, then delete). */
  generation: string;
  /** Pods of this generation. */
  pods: number;
  /** Pod name prefix; the emulator fails pods named `doomed…`. @default "worker" */
  podPrefix?: string;
  /** A SLURM cluster of two members with this name, if given. */
  cluster?: string;
  /** @default 60 */
  readyTimeoutSeconds?: number;
}

/** A stack of the scenario program (a registry credential, pods carrying JUPYTER_PASSWORD, maybe a cluster). */
export interface FaultStack {
  stack: StackDriver;
  /** The stack's folder, where the engine and the provider processes run. */
  workDir: string;
  /**
   * Deploys `scenario` and checks what every scenario must hold, whatever the outcome: the emulator holds exactly
   * what the state says, and no secret appears in state, engine output or the error. Returns the error, if any.
   */
  deploy(scenario: Scenario): Promise<{ error: string | undefined; summary: Record<string, number> }>;
}

export async function openFaultStack(name: string, api: TestEmulator): Promise<FaultStack> {
  const workDir = suiteWorkDir(name);
  const { Pod, Cluster, Registry } = requireFrom(workDir)("pulumi-computeplatform") as Package;
  const stack = await openTestStack({
    stackName: name,
    projectName: name,
    workDir,
    config: {
      ...api.stackConfig,
      "faults:registryPassword": { value: REGISTRY_PASSWORD, secret: true },
      "faults:jupyterPassword": { value: JUPYTER_PASSWORD, secret: true },
    },
    program: async () => {
      const config = new pulumi.Config("faults");
      const scenario = JSON.parse(config.require("scenario")) as Scenario;
      new Registry("registry", { name: "faults-registry", username: "robot", password: config.requireSecret("registryPassword") });
      const readyTimeoutSeconds = scenario.readyTimeoutSeconds ?? 60;
      for (let i = 0; i < scenario.pods; i++) {
        new Pod(`pod-${scenario.generation}-${i}`, {
          name: `${scenario.podPrefix ?? "worker"}-${scenario.generation}-${i}`,
          image: "alpine:3",
          gpu: { id: "NVIDIA GeForce RTX 4090" },
          env: { JUPYTER_PASSWORD: config.requireSecret("jupyterPassword") },
          readyTimeoutSeconds,
        });
      }
      if (scenario.cluster) {
        new Cluster(`cluster-${scenario.generation}`, {
          name: scenario.cluster,
          type: "SLURM",
          compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
          image: "ghcr.io/acme/slurm-node:24.05",
          readyTimeoutSeconds,
        });
      }
      return {};
    },
  });
  return {
    stack,
    workDir,
    async deploy(scenario) {
      await stack.setConfig({ "faults:scenario": { value: JSON.stringify(scenario) } });
      const output: string[] = [];
      const onOutput = (text: string) => output.push(text);
      const onEvent = (event: object) => output.push(JSON.stringify(event));
      let error: string | undefined;
      let summary: Record<string, number> = {};
      try {
        summary = changeSummary(await stack.up({ onOutput, onEvent }));
      } catch (failure) {
        if (!(failure instanceof CommandError)) throw failure;
        error = String(failure);
      }
      const state = await expectInSync(stack, api.emulator);
      for (const secret of [api.apiKey, REGISTRY_PASSWORD, JUPYTER_PASSWORD]) {
        expect(stateContains(state, secret), "state").toBe(false);
        expect(output.join("\n").includes(secret), "engine output").toBe(false);
        expect(error?.includes(secret) ?? false, "error").toBe(false);
      }
      return { error, summary };
    },
  };
}

/** The names of the emulator's pods (cluster members left out) that start with `prefix`, sorted. */
export function podNames(api: TestEmulator, prefix: string): string[] {
  return api.emulator
    .snapshot()
    .pods.filter((pod) => pod.cluster === undefined && pod.status !== "TERMINATED" && pod.name.startsWith(prefix))
    .map((pod) => pod.name)
    .sort();
}

/** The statuses the emulator answered to `method path` since the last reset, sorted. */
export function statuses(api: TestEmulator, method: string, path: string): number[] {
  return api.emulator.requests
    .filter((r) => r.method === method && r.path === path)
    .map((r) => r.status)
    .sort();
}
