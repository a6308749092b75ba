import type { Deployment } from "@pulumi/pulumi/automation";
import type { StackDriver } from "../../automation";
import type { EmulatorSnapshot } from "../../emulator";
import { expect } from "vitest";
import { stateResources } from "./state";

/** The part of an emulator snapshot this comparison reads; resources are v2 wire objects. */
export type EmulatorResources = Pick<EmulatorSnapshot, "pods" | "networkVolumes"> &
  Partial<Pick<EmulatorSnapshot, "templates" | "registries" | "delegations" | "sshKeys">>;

/** Per resource kind: where the emulator lists it, and the fields that state outputs must mirror. */
const compared = [
  { kind: "Pod", list: "pods", fields: ["name", "image", "gpu", "cpu", "mounts", "ports", "cloud", "dataCenterId", "status", "template"] },
  { kind: "NetworkVolume", list: "networkVolumes", fields: ["name", "size", "dataCenter", "type"] },
  { kind: "Template", list: "templates", fields: ["name", "image", "args", "disk", "ports", "registry", "mounts", "public", "serverless", "category"] },
  { kind: "Registry", list: "registries", fields: ["name"] },
  { kind: "RegistryDelegation", list: "delegations", fields: ["name", "repository", "tag", "awsRegion", "awsUser"] },
] as const;

/**
 * Asserts that the emulator holds exactly the resources the stack's state holds: the same ids, and equal key
 * fields (state outputs mirror the v2 fields). Terminated pods count as gone. The account's SSH keys, when the
 * stack manages them, are the keys the state records.
 */
export function expectEmulatorMatchesState(emulator: EmulatorResources, state: Deployment, account = "default"): void {
  const live = { ...emulator, pods: emulator.pods.filter((pod) => pod.status !== "TERMINATED") };
  for (const { kind, list, fields } of compared) {
    const inState = stateResources(state, kind).map((r) => ({ id: r.id, ...r.outputs }));
    const inEmulator = (live[list] ?? []) as ReadonlyArray<object>;
    expect(keyed(inState, fields), kind).toEqual(keyed(inEmulator, fields));
  }
  for (const resource of stateResources(state, "AccountSshKeys")) {
    expect([...((resource.outputs?.keys as string[]) ?? [])].sort(), "AccountSshKeys").toEqual(
      [...(emulator.sshKeys?.[account] ?? [])].sort(),
    );
  }
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
