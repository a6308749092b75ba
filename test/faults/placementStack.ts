import * as pulumi from "@pulumi/pulumi";
import { CommandError } from "@pulumi/pulumi/automation";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import type { TestEmulator } from "../support/emulator";
import { openTestStack } from "../support/stack";
import { requireFrom, suiteWorkDir } from "../support/workDir";

export const H100 = "NVIDIA H100 80GB HBM3";
export const A100 = "NVIDIA A100 80GB PCIe";
export const L40S = "NVIDIA L40S";
export const A6000 = "NVIDIA RTX A6000";
const DATA_CENTERS = ["US-TX-3", "US-CA-2", "EU-RO-1", "EU-SE-1", "CA-MTL-1"];

/** One pod of the program: its resource name is its `name`. */
export interface PlacedPod {
  name: string;
  gpu: { id: string; count?: number };
  placement?: { alternatives?: Array<{ id: string; count?: number }>; order?: "listed" | "cheapest" };
  dataCenterIds?: string[];
  /** @default 120 */
  readyTimeoutSeconds?: number;
  /** Created only after the pod listed just before it. */
  afterPrevious?: boolean;
}

/** What one `up` or `preview` of the program gave: the error if any, the change summary and the engine's output. */
export interface Outcome {
  error: string | undefined;
  summary: Record<string, number>;
  output: string;
}

export interface PlacementStack {
  stack: StackDriver;
  /** Deploys `pods`; the emulator then holds exactly what the state says, whatever the outcome. */
  up(pods: PlacedPod[]): Promise<Outcome>;
  preview(pods: PlacedPod[]): Promise<Outcome>;
}

type PodConstructor = new (name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

/** A stack whose program declares the pods in the `placement:pods` config, each exporting its `gpu` output. */
export async function openPlacementStack(name: string, api: TestEmulator): Promise<PlacementStack> {
  const workDir = suiteWorkDir(name);
  const { Pod } = requireFrom(workDir)("pulumi-computeplatform") as { Pod: PodConstructor };
  const stack = await openTestStack({
    stackName: name,
    projectName: name,
    workDir,
    config: api.stackConfig,
    program: async () => {
      const pods = JSON.parse(new pulumi.Config("placement").require("pods")) as PlacedPod[];
      const gpus: Record<string, pulumi.Output<unknown>> = {};
      let previous: pulumi.CustomResource | undefined;
      for (const { afterPrevious, readyTimeoutSeconds, ...args } of pods) {
        const pod: pulumi.CustomResource = new Pod(
          args.name,
          { image: "alpine:3", readyTimeoutSeconds: readyTimeoutSeconds ?? 120, ...args },
          afterPrevious && previous ? { dependsOn: [previous] } : undefined,
        );
        gpus[args.name] = (pod as unknown as { gpu: pulumi.Output<unknown> }).gpu;
        previous = pod;
      }
      return { gpus };
    },
  });
  const run = async (operation: "up" | "preview", pods: PlacedPod[]): Promise<Outcome> => {
    await stack.setConfig({ "placement:pods": { value: JSON.stringify(pods) } });
    const lines: string[] = [];
    const onOutput = (text: string) => lines.push(text);
    let error: string | undefined;
    let summary: Record<string, number> = {};
    try {
      summary = changeSummary(operation === "up" ? await stack.up({ onOutput }) : await stack.preview({ onOutput }));
    } catch (failure) {
      if (!(failure instanceof CommandError)) throw failure;
      error = String(failure);
    }
    if (operation === "up") await expectInSync(stack, api.emulator);
    return { error, summary, output: lines.join("") };
  };
  return { stack, up: (pods) => run("up", pods), preview: (pods) => run("preview", pods) };
}

/** Sets the idle stock of a GPU type in every data center that carries it. */
export function setStock(api: TestEmulator, gpuTypeId: string, idle: number): void {
  for (const dataCenterId of carriedIn(api, gpuTypeId))
    api.emulator.stock.setGpu(gpuTypeId, dataCenterId, { secure: idle, community: idle });
}

/** The data centers that carry a GPU type. */
export function carriedIn(api: TestEmulator, gpuTypeId: string): string[] {
  return DATA_CENTERS.filter((dataCenterId) => api.emulator.stock.gpu(gpuTypeId, dataCenterId) !== undefined);
}

/** The statuses the emulator answered to `method path` since the last reset, sorted. */
export function statusesOf(api: TestEmulator, method: string, path: string): number[] {
  return api.emulator.requests
    .filter((request) => request.method === method && request.path === path)
    .map((request) => request.status)
    .sort();
}

/** The live pods (not terminated) by name, with the GPU type each runs. */
export function livePods(api: TestEmulator): Record<string, string | undefined> {
  return Object.fromEntries(
    api.emulator
      .snapshot()
      .pods.filter((pod) => pod.status !== "TERMINATED" && pod.cluster === undefined)
      .map((pod) => [pod.name, pod.gpu?.id]),
  );
}

/** Resolves once `condition` holds, checking every 50 ms. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}
