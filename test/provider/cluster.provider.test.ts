// The Cluster provider against the real emulator over HTTP, called as the engine calls it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as cluster from "../../provider/resources/cluster.provider";
import type { ClusterOutputs } from "../../provider/resources/cluster/outputs";
import type { ClusterInputs } from "../../provider/resources/cluster/inputs";
import { estimate, standingPart } from "./expectedCosts";
import { providerOnClock } from "../support/providerClock";
import { apiGet, apiRequest, emulatorForProvider, passedCheck, rejection, writes } from "./providerHarness";

let emulator: Emulator;
let restoreClock: () => void;
/** The H100's secure price per GPU-hour, as the emulator's catalog lists it. */
let h100Secure: number;

beforeAll(async () => {
  emulator = await emulatorForProvider({ faults: { failPodsNamed: "^doomed-node-1$" } });
  restoreClock = providerOnClock(emulator.clock);
  const { gpus } = (await apiGet(emulator, "/v2/catalog/gpus")) as { gpus: { id: string; price: { secure: number } }[] };
  h100Secure = gpus.find((gpu) => gpu.id === "NVIDIA H100 80GB HBM3")!.price.secure;
});
afterAll(async () => {
  restoreClock();
  await emulator.close();
});
beforeEach(() => emulator.resetRequests());

const args = (overrides: Partial<ClusterInputs> = {}): ClusterInputs => ({
  name: "hpc",
  type: "SLURM",
  compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
  image: "org/slurm:24",
  ...overrides,
});
const checked = (inputs: ClusterInputs) => passedCheck(cluster.check, inputs);
const api = (method: string, path: string, body?: unknown) => apiRequest(emulator, method, path, body);
const liveClusters = () => emulator.snapshot().clusters.map((c) => c.id);
const livePods = () => emulator.snapshot().pods.filter((pod) => pod.status !== "TERMINATED");

describe("check", () => {
  it("applies every documented default", async () => {
    expect(await checked(args())).toEqual({
      ...args(),
      args: "",
      disk: 20,
      env: {},
      ports: [],
      mounts: {},
      startSsh: false,
      startJupyter: false,
      readyTimeoutSeconds: 600,
      // 2 members × 8 GPUs at the secure price.
      ...estimate(
        standingPart(
          "Cluster GPU (NVIDIA H100 80GB HBM3, secure cloud)",
          "GPU-hours",
          16,
          h100Secure,
          "catalog: NVIDIA H100 80GB HBM3 secure price",
        ),
      ),
    });
  });

  it.each([
    [
      "one pod",
      { compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 1 } },
      "compute.podCount",
      "Too small: expected number to be >=2",
    ],
    [
      "251 pods",
      { compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 251 } },
      "compute.podCount",
      "Too big: expected number to be <=250",
    ],
    [
      "no GPUs per pod",
      { compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 0, podCount: 2 } },
      "compute.gpuCountPerPod",
      "Too small: expected number to be >=1",
    ],
    ["an unknown type", { type: "MPI" }, "type", 'Invalid option: expected one of "TRAINING"|"APPLICATION"|"SLURM"|"RAY"'],
    ["a bad port", { ports: ["22"] }, "ports[0]", 'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535'],
    [
      "both mount kinds",
      { mounts: { persistent: { size: 20, path: "/a" }, network: [{ volumeId: "v", path: "/b" }] } },
      "mounts",
      "persistent and network mounts are mutually exclusive",
    ],
    ["a registry", { registry: "r" }, "registry", "unknown property"],
  ])("names the property for %s, before any API call", async (_, overrides, property, reason) => {
    expect(await cluster.check({}, args(overrides as Partial<ClusterInputs>))).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });
});

describe("with a SLURM cluster", () => {
  let id: string;
  let outs: ClusterOutputs;

  beforeAll(async () => {
    const created = await cluster.create(await checked(args()));
    id = created.id;
    outs = created.outs!;
  });
  afterAll(async () => cluster.delete(id));

  it("create returns once every member is RUNNING, with the members in rank order", async () => {
    expect(outs.pods).toEqual({ total: 2, byStatus: { RUNNING: 2 } });
    expect(outs.members.map((member) => [member.name, member.status, member.cluster?.rank, member.cluster?.role])).toEqual([
      ["hpc-node-0", "RUNNING", 0, "SLURM_CONTROLLER"],
      ["hpc-node-1", "RUNNING", 1, "SLURM_COMPUTE"],
    ]);
    expect(outs.members[0]).not.toHaveProperty("env");
    expect(outs.members[0]).not.toHaveProperty("runtime");
    expect(outs.primary).toEqual({ podId: outs.members[0]!.id, status: "RUNNING", sshEndpoint: outs.members[0]!.ssh.proxy!.command });
    // The wait lists pods; it never polls a member by id.
    expect(emulator.requests.filter((r) => r.path.startsWith("/v2/pods/"))).toEqual([]);
  });

  it("a rename is one PATCH of the name", async () => {
    const news = await checked(args({ name: "renamed" }));
    expect(await cluster.diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    emulator.resetRequests();
    const { outs: renamed } = await cluster.update(id, outs, news);
    expect(writes(emulator)).toEqual([`PATCH /v2/clusters/${id}`]);
    expect(renamed!.name).toBe("renamed");
    expect(await cluster.diff(id, renamed!, news)).toEqual({ changes: false, replaces: [] });
    outs = renamed!;
  });

  it.each<[string, Partial<ClusterInputs>]>([
    ["type", { type: "RAY" }],
    ["compute", { compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 4, podCount: 2 } }],
    ["image", { image: "org/slurm:25" }],
    ["args", { args: "--verbose" }],
    ["disk", { disk: 40 }],
    ["env", { env: { A: "1" } }],
    ["ports", { ports: ["22/tcp"] }],
    ["mounts", { mounts: { persistent: { size: 20, path: "/data" } } }],
    ["startSsh", { startSsh: true }],
    ["startJupyter", { startJupyter: true }],
  ])("a change of %s replaces the cluster", async (field, overrides) => {
    const result = await cluster.diff(id, outs, await checked(args({ name: outs.name, ...overrides })));
    expect(result).toEqual({ changes: true, replaces: [field] });
  });

  it("dataCenterIds without the cluster's data center replaces it", async () => {
    const elsewhere = outs.dataCenterId === "EU-SE-1" ? "US-CA-2" : "EU-SE-1";
    const result = await cluster.diff(id, outs, await checked(args({ name: outs.name, dataCenterIds: [elsewhere] })));
    expect(result).toEqual({ changes: true, replaces: ["dataCenterIds"] });
  });

  it("a time-out change or a dataCenterIds list holding its data center changes nothing", async () => {
    const news = await checked(args({ name: outs.name, readyTimeoutSeconds: 60, dataCenterIds: [outs.dataCenterId!, "US-CA-2"] }));
    expect(await cluster.diff(id, outs, news)).toEqual({ changes: false, replaces: [] });
  });

  it("adopting it takes it over by id; the next diff shows no changes", async () => {
    emulator.resetRequests();
    const inputs = await checked(args({ name: "adopted", adopt: id }));
    const adopted = await cluster.create(inputs);
    expect(adopted.id).toBe(id);
    expect(writes(emulator)).toEqual([`PATCH /v2/clusters/${id}`]);
    expect(await cluster.diff(id, adopted.outs!, inputs)).toEqual({ changes: false, replaces: [] });
    outs = adopted.outs!;
  });

  it("adopting with a different type is refused without a change", async () => {
    emulator.resetRequests();
    const error = await rejection(cluster.create(await checked(args({ type: "RAY", adopt: id }))));
    expect(error.message).toBe(
      `adopt: cluster "${id}" differs from the arguments in type, which cannot change in place; declare the cluster's current values or create a new cluster instead`,
    );
    expect(writes(emulator)).toEqual([]);
  });

  it("an import (nothing recorded) reads the container settings from the members, without what each member gets", async () => {
    const made = await api("POST", "/v2/clusters", {
      ...args({ name: "made-elsewhere" }),
      args: "--nodes 2",
      disk: 40,
      env: { MODE: "train" },
      ports: ["22/tcp"],
    });
    expect(made.status).toBe(201);
    const madeId = (made.body as { id: string }).id;
    try {
      emulator.resetRequests();
      const read = await cluster.read(madeId, {} as ClusterOutputs);
      expect(read.inputs).toEqual({
        ...args({ name: "made-elsewhere" }),
        args: "--nodes 2",
        disk: 40,
        env: { MODE: "train" },
        ports: ["22/tcp"],
        mounts: {},
        startSsh: false,
        startJupyter: false,
        readyTimeoutSeconds: 600,
      });
      expect(await cluster.diff(madeId, read.props!, await checked(read.inputs as unknown as ClusterInputs))).toEqual({
        changes: false,
        replaces: [],
      });
      expect(writes(emulator)).toEqual([]);
    } finally {
      await cluster.delete(madeId);
    }
  });

  it("refresh reads a rename made elsewhere back as drift", async () => {
    await api("PATCH", `/v2/clusters/${id}`, { name: "elsewhere" });
    const result = await cluster.read(id, outs);
    expect(result.props!.name).toBe("elsewhere");
    expect(result.inputs!.name).toBe("elsewhere");
    expect(result.inputs).not.toHaveProperty("members");
  });
});

describe("failures and deletes", () => {
  it("a member that goes to ERROR deletes the cluster and its members, naming the member", async () => {
    const before = livePods().length;
    const error = await rejection(cluster.create(await checked(args({ name: "doomed" }))));
    expect(error.message).toMatch(
      /^cluster "doomed" \(\w+\) did not become usable: member \w+ \(doomed-node-1\), rank 1, went to ERROR\. It was deleted with its members; nothing was left behind\.$/,
    );
    expect(liveClusters()).toEqual([]);
    expect(livePods().length).toBe(before);
  });

  it("refresh after an out-of-band delete drops it; deleting it again succeeds", async () => {
    const { id, outs } = await cluster.create(await checked(args({ name: "gone" })));
    expect((await api("DELETE", `/v2/clusters/${id}`)).status).toBe(204);
    expect(await cluster.read(id, outs!)).toEqual({ id: "" });
    emulator.resetRequests();
    await cluster.delete(id);
    expect(writes(emulator)).toEqual([`DELETE /v2/clusters/${id}`]);
  });

  it("delete removes the cluster and waits until its members are gone", async () => {
    const { id } = await cluster.create(await checked(args({ name: "short-lived" })));
    await cluster.delete(id);
    expect(liveClusters()).toEqual([]);
    expect(livePods().filter((pod) => pod.cluster?.id === id)).toEqual([]);
  });
});
