import type { Deployment } from "@pulumi/pulumi/automation";
import type { StackDriver } from "../../automation";
import { expect } from "vitest";
import { stateResources } from "./state";

/** The part of an emulator snapshot this comparison reads; resources are v2 wire objects. */
export interface EmulatorResources {
  pods: ReadonlyArray<{ id: string; status: string }>;
  networkVolumes: ReadonlyArray<{ id: string }>;
}

const podFields = ["name", "image", "gpu", "cpu", "mounts", "ports", "cloud", "dataCenterId", "status"] as const;
const volumeFields = ["name", "size", "dataCenter", "type"] as const;

/**
 * Asserts that the emulator holds exactly the pods and network volumes the stack's state holds: the
 * same ids, and equal key fields (state outputs mirror the v2 fields). Terminated pods count as gone.
 */
export function expectEmulatorMatchesState(emulator: EmulatorResources, state: Deployment): void {
  const live = emulator.pods.filter((pod) => pod.status !== "TERMINATED");
  expect(keyed(stateResources(state, "Pod").map((r) => ({ id: r.id, ...r.outputs })), podFields), "pods").toEqual(
    keyed(live, podFields),
  );
  expect(
    keyed(stateResources(state, "NetworkVolume").map((r) => ({ id: r.id, ...r.outputs })), volumeFields),
    "network volumes",
  ).toEqual(keyed(emulator.networkVolumes, volumeFields));
}

function keyed(resources: ReadonlyArray<object>, fields: readonly string[]): Record<string, unknown>[] {
  return (resources as ReadonlyArray<Record<string, unknown>>)
    .map((resource) => {
      const picked: Record<string, unknown> = { id: resource.id };
      for (const field of fields) if (resource[field] !== undefined) picked[field] = resource[field];
      return picked;
    })
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

/** Exports the stack's state, asserts that the emulator holds exactly what it says, and returns the state. */
export async function expectInSync(stack: StackDriver, emulator: { snapshot(): EmulatorResources }): Promise<Deployment> {
  const state = await stack.exportState();
  expectEmulatorMatchesState(emulator.snapshot(), state);
  return state;
}
