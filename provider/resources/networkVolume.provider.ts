// The dynamic provider of `NetworkVolume`. Pulumi serializes this module as `require(<this file>)`, so it
// exports the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../client/errors";
import {
  type CheckedNetworkVolumeInputs,
  type NetworkVolume,
  type NetworkVolumeInputs,
  networkVolumeInputsSchema,
  type UpdateNetworkVolumeRequest,
  withNetworkVolumeDefaults,
} from "../schemas/networkVolume";
import { sharedClient } from "../sharedClient";
import { resolveName } from "./autoName";
import { createOnce } from "./createOnce";
import { diffResult, ownProperties, refuseReplacingAdopted, stripUndefined, unlessNotFound, validate } from "./dynamic";

export { configure } from "../config";

/** A `NetworkVolume` resource's outputs: the v2 NetworkVolume without `id`, which Pulumi reserves. */
export type NetworkVolumeOutputs = Omit<NetworkVolume, "id">;

export async function check(
  olds: Partial<NetworkVolumeInputs>,
  props: NetworkVolumeInputs,
): Promise<dynamic.CheckResult<CheckedNetworkVolumeInputs>> {
  const news = ownProperties(resolveName(olds, props));
  const failures = validate(networkVolumeInputsSchema, news);
  if (typeof olds?.size === "number" && typeof news?.size === "number" && news.size < olds.size) {
    failures.push({ property: "size", reason: `cannot shrink from ${olds.size} to ${news.size} GB: a network volume only grows` });
  }
  return failures.length > 0 ? { failures } : { inputs: withNetworkVolumeDefaults(news) };
}

export async function diff(id: string, olds: NetworkVolumeOutputs, news: CheckedNetworkVolumeInputs): Promise<dynamic.DiffResult> {
  const replaces = (["dataCenter", "type"] as const).filter((name) => olds[name] !== news[name]);
  const updates = (["name", "size"] as const).filter((name) => olds[name] !== news[name]);
  refuseReplacingAdopted("network volume", id, news.adopt, replaces);
  return diffResult(updates, replaces);
}

export async function create(props: CheckedNetworkVolumeInputs): Promise<dynamic.CreateResult<NetworkVolumeOutputs>> {
  const client = sharedClient();
  const inputs = ownProperties(props);
  const { adopt, ...body } = inputs;
  const volume = adopt
    ? await adoptVolume(adopt, inputs)
    : await createOnce({
        what: `network volume "${inputs.name}"`,
        source: client.networkVolumes,
        create: () => client.networkVolumes.create(body),
        matches: (v) => v.name === body.name && v.dataCenter === body.dataCenter && v.size === body.size && v.type === body.type,
        clock: client.clock,
      });
  return { id: volume.id, outs: outputs(volume) };
}

export async function read(id: string): Promise<dynamic.ReadResult<NetworkVolumeOutputs>> {
  const volume = await unlessNotFound(() => sharedClient().networkVolumes.get(id));
  if (!volume) return { id: "" };
  return { id, props: outputs(volume), inputs: outputs(volume) };
}

export async function update(
  id: string,
  olds: NetworkVolumeOutputs,
  news: CheckedNetworkVolumeInputs,
): Promise<dynamic.UpdateResult<NetworkVolumeOutputs>> {
  const patch = volumePatch(olds, news);
  const volume = Object.keys(patch).length > 0 ? await sharedClient().networkVolumes.update(id, patch) : await sharedClient().networkVolumes.get(id);
  return { outs: outputs(volume) };
}

async function deleteVolume(id: string): Promise<void> {
  await unlessNotFound(() => sharedClient().networkVolumes.delete(id));
}
export { deleteVolume as delete };

function volumePatch(live: NetworkVolumeOutputs, news: CheckedNetworkVolumeInputs): UpdateNetworkVolumeRequest {
  const patch: UpdateNetworkVolumeRequest = {};
  if (live.name !== news.name) patch.name = news.name;
  if (live.size !== news.size) patch.size = news.size;
  return patch;
}

async function adoptVolume(id: string, inputs: CheckedNetworkVolumeInputs): Promise<NetworkVolume> {
  const client = sharedClient();
  let live: NetworkVolume;
  try {
    live = await client.networkVolumes.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`adopt: there is no network volume with id "${id}"`);
    throw error;
  }
  const conflicts = (["dataCenter", "type"] as const).filter((name) => live[name] !== inputs[name]);
  if (conflicts.length > 0) {
    throw new Error(
      `adopt: network volume "${id}" differs from the arguments in ${conflicts.join(", ")}, which cannot change in place; ` +
        "declare the volume's current values or create a new volume instead",
    );
  }
  const patch = volumePatch(live, inputs);
  return Object.keys(patch).length > 0 ? client.networkVolumes.update(id, patch) : live;
}

function outputs(volume: NetworkVolume): NetworkVolumeOutputs {
  const { id: _id, ...rest } = volume;
  return stripUndefined(rest);
}
