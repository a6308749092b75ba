import { describe, expect, it } from "vitest";
import { cluster } from "../../provider/resources/cluster/declaration";
import type { ClusterOutputs } from "../../provider/resources/cluster/outputs";
import { diffOf } from "../../provider/resources/lifecycle/diff";
import { withDeclaredDefaults } from "../../provider/resources/lifecycle/declaredDefaults";
import type { CheckedClusterInputs, ClusterInputs } from "../../provider/resources/cluster/inputs";
import type { Named } from "../../provider/resources/autoName";

const withClusterDefaults = (inputs: Named<ClusterInputs>): CheckedClusterInputs => withDeclaredDefaults(cluster, inputs);
const diffCluster = (olds: ClusterOutputs, news: CheckedClusterInputs) => diffOf(cluster, olds, news);

const same: CheckedClusterInputs = withClusterDefaults({
  name: "hpc",
  type: "SLURM",
  compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
  image: "org/slurm:24",
});

const recorded: ClusterOutputs = {
  ...same,
  dataCenterId: "EU-SE-1",
  pods: { total: 2, byStatus: { RUNNING: 2 } },
  createdAt: "2026-11-24T00:00:00.000Z",
  members: [],
};

describe("diffCluster", () => {
  it.each<[string, Partial<CheckedClusterInputs>, { changes: boolean; replaces: string[] }]>([
    ["nothing", {}, { changes: false, replaces: [] }],
    ["another name", { name: "x" }, { changes: true, replaces: [] }],
    ["another name and image", { name: "x", image: "org/slurm:25" }, { changes: true, replaces: ["image"] }],
    ["another pod count", { compute: { ...same.compute, podCount: 3 } }, { changes: true, replaces: ["compute"] }],
    ["another type", { type: "RAY" }, { changes: true, replaces: ["type"] }],
    ["env", { env: { A: "1" } }, { changes: true, replaces: ["env"] }],
    ["data centers that hold its own", { dataCenterIds: ["US-CA-2", "EU-SE-1"] }, { changes: false, replaces: [] }],
    ["data centers without its own", { dataCenterIds: ["US-CA-2"] }, { changes: true, replaces: ["dataCenterIds"] }],
    ["a longer time-out", { readyTimeoutSeconds: 1200 }, { changes: false, replaces: [] }],
  ])("%s", (_label, change, expected) => {
    expect(diffCluster(recorded, { ...same, ...change })).toEqual(expected);
  });
});

describe("diffCluster with placement", () => {
  const placed = withClusterDefaults({
    ...same,
    placement: {
      alternatives: [
        { id: "NVIDIA A100 80GB PCIe", count: 8 },
        { id: "AMD Instinct MI300X OAM", count: 4 },
      ],
    },
  });
  // The members run the MI300X alternative.
  const onAlternative: ClusterOutputs = {
    ...recorded,
    ...placed,
    compute: { gpuTypeId: "AMD Instinct MI300X OAM", gpuCountPerPod: 4, podCount: 2 },
  };

  it.each<[string, Partial<CheckedClusterInputs>, { changes: boolean; replaces: string[] }]>([
    ["the same arguments", {}, { changes: false, replaces: [] }],
    ["order cheapest", { placement: { ...placed.placement, order: "cheapest" } }, { changes: false, replaces: [] }],
    [
      "the running type removed",
      { placement: { alternatives: [{ id: "NVIDIA A100 80GB PCIe", count: 8 }] } },
      { changes: true, replaces: ["compute"] },
    ],
    ["another pod count", { compute: { ...same.compute, podCount: 3 } }, { changes: true, replaces: ["compute"] }],
  ])("%s", (_label, change, expected) => {
    expect(diffCluster(onAlternative, { ...placed, ...change })).toEqual(expected);
  });

  it("finds an interrupted create on any acceptable configuration", () => {
    const live = (gpuTypeId: string, gpuCountPerPod: number) => ({
      ...onAlternative,
      id: "c1",
      members: [],
      compute: { gpuTypeId, gpuCountPerPod, podCount: 2 },
    });
    expect(cluster.madeBy!(live("AMD Instinct MI300X OAM", 4), placed)).toBe(true);
    expect(cluster.madeBy!(live("NVIDIA H100 80GB HBM3", 8), placed)).toBe(true);
    expect(cluster.madeBy!(live("NVIDIA H100 80GB HBM3", 4), placed)).toBe(false);
  });
});
