import type { NetworkVolume as LiveNetworkVolume, NetworkVolumeInputs } from "./inputs";
import { networkVolumeInputsSchema } from "./inputs";
import { createOnly, declaration, type Fields, inPlace, replaces } from "../lifecycle/declaration";
import { withoutId } from "../lifecycle/engineProperties";
import { COST_OUTPUTS, type CostEstimate } from "../../cost/costEstimate";

/** A `NetworkVolume` resource's outputs: the v2 NetworkVolume without `id`, which Pulumi reserves. */
export type NetworkVolumeOutputs = Omit<LiveNetworkVolume, "id">;

const fields = {
  name: inPlace(),
  size: inPlace(),
  dataCenter: replaces(),
  type: replaces({ default: "STANDARD" }),
  adopt: createOnly(),
} as const satisfies Fields<NetworkVolumeInputs>;

/** `NetworkVolume`: grows and renames in place; a new data center or type replaces it. */
export const networkVolume = declaration<
  NetworkVolumeInputs,
  typeof fields,
  LiveNetworkVolume,
  NetworkVolumeOutputs & Partial<CostEstimate>
>()({
  type: "NetworkVolume",
  what: "network volume",
  autoNamed: true,
  noun: "volume",
  importable: true,
  fields,
  schema: networkVolumeInputsSchema,
  outputs: ["name", "size", "dataCenter", "type", ...COST_OUTPUTS],
  api: (client) => client.networkVolumes,
  outputsOf: withoutId,
  transition(olds, news) {
    if (typeof olds?.size !== "number" || typeof news?.size !== "number" || news.size >= olds.size) return [];
    return [{ property: "size", reason: `cannot shrink from ${olds.size} to ${news.size} GB: a network volume only grows` }];
  },
});
