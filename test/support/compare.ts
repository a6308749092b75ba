import type { Deployment } from "@pulumi/pulumi/automation";
import type { StackDriver } from "../../automation";
import type { EmulatorSnapshot } from "../../emulator";
import { KINDS } from "../../emulator/kindRegistry";
import { KIND_NAMES, type KindName, kinds } from "../../provider/kindRegistry";
import { fieldsOfFate } from "../../provider/resources/lifecycle/declaration";
import { expect } from "vitest";
import { fixtures } from "../contract/kindFixtures";
import { stateResources } from "./state";

/** The part of an emulator snapshot this comparison reads; resources are v2 wire objects. */
export type EmulatorResources = Pick<EmulatorSnapshot, "pods" | "networkVolumes"> & Partial<EmulatorSnapshot>;

/** The fields state outputs must mirror, where they are not the kind's declared arguments that are neither secret nor create-only. */
const mirroredFields: Partial<Record<KindName, readonly string[]>> = {
  Pod: ["name", "image", "gpu", "cpu", "mounts", "ports", "cloud", "dataCenterId", "status", "template"],
  Template: ["name", "image", "args", "disk", "ports", "registry", "mounts", "public", "serverless", "category"],
  Registry: ["name"],
  RegistryDelegation: ["name", "repository", "tag", "awsRegion", "awsUser"],
  Cluster: ["name", "type", "compute", "dataCenterId"],
  ServerlessEndpoint: ["name", "type", "image", "gpu", "cpu", "workers", "scaling", "registry", "networkVolumes", "timeout", "flashboot"],
};

/** A declared kind's arguments that its outputs mirror: neither secret nor create-only. */
function declaredMirroredFields(kind: KindName): string[] {
  const { declaration, secretInputs } = kinds[kind];
  if (declaration === undefined) return [];
  return fieldsOfFate(declaration, "inPlace", "inPlaceUnless", "replaces", "replacesWhen").filter((name) => !secretInputs.includes(name));
}

/** The key under which the emulator's snapshot shows the records at `collection` (e.g. `/v2/network-volumes`). */
function snapshotKeyOf(collection: string): keyof EmulatorSnapshot {
  const kind = KINDS.find(({ operations }) => operations.some((operation) => `/v2${operation.path}` === `${collection}/{id}`));
  if (kind?.snapshot === undefined) throw new Error(`the emulator shows no records of ${collection} in its snapshot`);
  return kind.snapshot.key as keyof EmulatorSnapshot;
}

/** Per resource kind kept in a collection of the API: where the emulator lists it, and the fields state outputs mirror. */
const compared = KIND_NAMES.flatMap((kind) => {
  const { collection } = fixtures[kind];
  if (collection === undefined) return [];
  return [{ kind, list: snapshotKeyOf(collection), fields: mirroredFields[kind] ?? declaredMirroredFields(kind) }];
});

/**
 * Asserts that the emulator holds exactly the resources the stack's state holds: the same ids, and equal key
 * fields (state outputs mirror the v2 fields). Terminated pods count as gone; cluster members are compared with
 * their cluster's `members` output. The account's SSH keys, when the
 * stack manages them, are the keys the state records.
 */
export function expectEmulatorMatchesState(emulator: EmulatorResources, state: Deployment, account = "default"): void {
  // Cluster members belong to their Cluster resource, which lists them in its `members` output.
  const live = { ...emulator, pods: emulator.pods.filter((pod) => pod.status !== "TERMINATED" && pod.cluster === undefined) };
  for (const { kind, list, fields } of compared) {
    const inState = stateResources(state, kind).map((r) => ({ id: r.id, ...r.outputs }));
    const inEmulator = (live[list] ?? []) as ReadonlyArray<object>;
    expect(keyed(inState, fields), kind).toEqual(keyed(inEmulator, fields));
  }
  for (const cluster of stateResources(state, "Cluster")) {
    const members = ((cluster.outputs?.members as Array<{ id: string }> | undefined) ?? []).map((member) => member.id);
    const inEmulator = emulator.pods.filter((pod) => pod.cluster?.id === cluster.id).map((pod) => pod.id);
    expect([...members].sort(), `members of cluster ${cluster.id}`).toEqual(inEmulator.sort());
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
