import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, gpuPod, type Harness, ManualClock, startHarness } from "./harness";

const OTHER_KEY = "other-account-key";
const clock = new ManualClock();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    clock: clock.read,
    apiKeys: ["emulator-key", { key: OTHER_KEY, account: "other" }],
    faults: { failPodsNamed: "^doomed-node-1$" },
    // The clusters of every test stay up: room for all of their nodes in the first data center with H100 nodes.
    gpuStock: { "NVIDIA H100 80GB HBM3": { "US-CA-2": { clusterNodes: 40 } } },
  });
});
afterAll(() => harness.emulator.close());

function clusterBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "hpc",
    type: "SLURM",
    compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 3 },
    image: "org/slurm:24",
    ...overrides,
  };
}

async function createCluster(overrides: Record<string, unknown> = {}): Promise<any> {
  const answer = await harness.call("POST", "/v2/clusters", { body: clusterBody(overrides) });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

const members = async (id: string) => (await harness.call("GET", `/v2/clusters/${id}/pods`)).body.pods;

describe("create", () => {
  test("answers 201 with the summary; members are PROVISIONING without rank or overlay IP yet", async () => {
    const cluster = await createCluster();
    expect(cluster).toMatchObject({
      name: "hpc",
      type: "SLURM",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 3 },
      pods: { total: 3, byStatus: { PROVISIONING: 3 } },
      primary: { status: "PROVISIONING" },
    });
    expect(cluster.primary).not.toHaveProperty("sshEndpoint");
    expect(cluster.network.cidr).toMatch(/^10\.\d+\.0\.0\/16$/);
    const pods = await members(cluster.id);
    expect(pods.map((pod: any) => [pod.name, pod.status, pod.cluster])).toEqual([
      ["hpc-node-0", "PROVISIONING", { id: cluster.id, rank: null, role: "SLURM_CONTROLLER" }],
      ["hpc-node-1", "PROVISIONING", { id: cluster.id, rank: null, role: "SLURM_COMPUTE" }],
      ["hpc-node-2", "PROVISIONING", { id: cluster.id, rank: null, role: "SLURM_COMPUTE" }],
    ]);
    expect(cluster.primary.podId).toBe(pods[0].id);
    expect(pods[0].gpu).toEqual({ id: "NVIDIA H100 80GB HBM3", count: 8 });
  });

  test("ranks and overlay IPs appear once members have machines; all RUNNING later", async () => {
    const cluster = await createCluster({
      name: "ray",
      type: "RAY",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
    });
    clock.advance(250);
    const starting = await members(cluster.id);
    const subnet = cluster.network.cidr.split(".")[1];
    expect(starting.map((pod: any) => [pod.status, pod.cluster])).toEqual([
      ["STARTING", { id: cluster.id, rank: 0, role: "RAY_HEAD", ip: `10.${subnet}.0.1` }],
      ["STARTING", { id: cluster.id, rank: 1, role: "RAY_WORKER", ip: `10.${subnet}.0.2` }],
    ]);
    clock.advance(300);
    const summary = (await harness.call("GET", `/v2/clusters/${cluster.id}`)).body;
    expect(summary.pods).toEqual({ total: 2, byStatus: { RUNNING: 2 } });
    const primary = (await members(cluster.id))[0];
    expect(summary.primary).toEqual({ podId: primary.id, status: "RUNNING", sshEndpoint: primary.ssh.proxy.command });
  });

  test("TRAINING and APPLICATION members have no role", async () => {
    const cluster = await createCluster({
      name: "train",
      type: "TRAINING",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
    });
    clock.advance(600);
    expect((await members(cluster.id)).map((pod: any) => pod.cluster)).toEqual([
      { id: cluster.id, rank: 0, ip: expect.any(String) },
      { id: cluster.id, rank: 1, ip: expect.any(String) },
    ]);
  });

  test.each([
    [{ compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 1 } }, ["must be >= 2 at /compute/podCount"]],
    [{ compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 251 } }, ["must be <= 250 at /compute/podCount"]],
    [{ compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 0, podCount: 2 } }, ["must be >= 1 at /compute/gpuCountPerPod"]],
    [{ type: "MPI" }, ["must be one of TRAINING, APPLICATION, SLURM, RAY at /type"]],
    [{ image: undefined }, ["missing required property at /image"]],
    [{ registry: "r1" }, ["unknown property at /registry"]],
  ])("400 for an invalid body %j", async (overrides, errors) => {
    expectProblem(
      await harness.call("POST", "/v2/clusters", { body: clusterBody(overrides) }),
      400,
      "Request body failed validation",
      errors,
    );
  });

  test("400 for an unknown GPU type", async () => {
    const body = clusterBody({ compute: { gpuTypeId: "NVIDIA B300", gpuCountPerPod: 1, podCount: 2 } });
    expectProblem(await harness.call("POST", "/v2/clusters", { body }), 400, 'Unknown GPU type "NVIDIA B300"');
  });
});

describe("members and the pod endpoints", () => {
  test("GET /v2/pods leaves members out unless includeClusterPods=true", async () => {
    const pod = (await harness.call("POST", "/v2/pods", { body: gpuPod({ name: "standalone" }) })).body;
    const cluster = await createCluster({ name: "hidden" });
    const memberIds = (await members(cluster.id)).map((member: any) => member.id);
    const listed = (query: string) => harness.call("GET", `/v2/pods${query}`).then((answer) => answer.body.pods.map((p: any) => p.id));
    expect(await listed("")).toContain(pod.id);
    expect(await listed("")).not.toEqual(expect.arrayContaining([memberIds[0]]));
    expect(await listed("?includeClusterPods=true")).toEqual(expect.arrayContaining([pod.id, ...memberIds]));
    expect(await listed("?includeClusterPods=false")).not.toEqual(expect.arrayContaining([memberIds[0]]));
    expectProblem(await harness.call("GET", "/v2/pods?includeClusterPods=yes"), 400, "Query parameters failed validation", [
      "must be one of true, false at /includeClusterPods",
    ]);
  });

  test("a member answers GET, and 409 to PATCH, DELETE and actions", async () => {
    const cluster = await createCluster({ name: "locked" });
    const [member] = await members(cluster.id);
    const refusal = `Pod ${member.id} belongs to cluster ${cluster.id}; manage it through /v2/clusters/${cluster.id}`;
    expect((await harness.call("GET", `/v2/pods/${member.id}`)).body.cluster.id).toBe(cluster.id);
    expectProblem(await harness.call("PATCH", `/v2/pods/${member.id}`, { body: { name: "x" } }), 409, refusal);
    expectProblem(await harness.call("DELETE", `/v2/pods/${member.id}`), 409, refusal);
    expectProblem(await harness.call("POST", `/v2/pods/${member.id}/action`, { body: { action: "stop" } }), 409, refusal);
    expect((await members(cluster.id)).length).toBe(3);
  });

  test("a member that fails is counted as ERROR", async () => {
    const cluster = await createCluster({
      name: "doomed",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 1, podCount: 2 },
    });
    clock.advance(600);
    const summary = (await harness.call("GET", `/v2/clusters/${cluster.id}`)).body;
    expect(summary.pods).toEqual({ total: 2, byStatus: { RUNNING: 1, ERROR: 1 } });
    expect((await members(cluster.id)).map((pod: any) => [pod.name, pod.status])).toEqual([
      ["doomed-node-0", "RUNNING"],
      ["doomed-node-1", "ERROR"],
    ]);
  });
});

describe("list, rename, delete, ownership", () => {
  test("list is {clusters}; PATCH renames; any other field is refused", async () => {
    const cluster = await createCluster({ name: "before" });
    const listed = (await harness.call("GET", "/v2/clusters")).body.clusters.map((c: any) => c.id);
    expect(listed).toContain(cluster.id);
    const renamed = await harness.call("PATCH", `/v2/clusters/${cluster.id}`, { body: { name: "after" } });
    expect({ status: renamed.status, name: renamed.body.name }).toEqual({ status: 200, name: "after" });
    expectProblem(
      await harness.call("PATCH", `/v2/clusters/${cluster.id}`, { body: { name: "x", image: "y" } }),
      400,
      "Request body failed validation",
      ["unknown property at /image"],
    );
    expectProblem(await harness.call("PATCH", `/v2/clusters/${cluster.id}`, { body: {} }), 400, "Request body failed validation", [
      "missing required property at /name",
    ]);
  });

  test("DELETE answers 204, terminates every member, then 404", async () => {
    const cluster = await createCluster({ name: "gone" });
    const memberIds = (await members(cluster.id)).map((member: any) => member.id);
    expect((await harness.call("DELETE", `/v2/clusters/${cluster.id}`)).status).toBe(204);
    expectProblem(await harness.call("GET", `/v2/clusters/${cluster.id}`), 404, `Cluster ${cluster.id} not found`);
    expectProblem(await harness.call("GET", `/v2/clusters/${cluster.id}/pods`), 404, `Cluster ${cluster.id} not found`);
    expectProblem(await harness.call("DELETE", `/v2/clusters/${cluster.id}`), 404, `Cluster ${cluster.id} not found`);
    const left = harness.emulator.snapshot().pods.map((pod) => pod.id);
    expect(memberIds.filter((id: string) => left.includes(id))).toEqual([]);
  });

  test("another account's cluster answers 403", async () => {
    const cluster = await createCluster({ name: "mine" });
    const other = { key: OTHER_KEY };
    expectProblem(
      await harness.call("GET", `/v2/clusters/${cluster.id}`, other),
      403,
      `Cluster ${cluster.id} is not accessible with this API key`,
    );
    expectProblem(
      await harness.call("DELETE", `/v2/clusters/${cluster.id}`, other),
      403,
      `Cluster ${cluster.id} is not accessible with this API key`,
    );
    expect((await harness.call("GET", "/v2/clusters", other)).body).toEqual({ clusters: [] });
  });
});
