import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectProblem, gpuPod, type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(() => harness.emulator.close());

const create = (body: unknown) => harness.call("POST", "/v2/network-volumes", { body });

describe("create", () => {
  test("answers 201 with the volume, STANDARD by default", async () => {
    const answer = await create({ name: "data", size: 100, dataCenter: "US-TX-3" });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{10}$/),
      name: "data",
      size: 100,
      dataCenter: "US-TX-3",
      type: "STANDARD",
    });
  });

  test("keeps an explicit type the data center offers", async () => {
    const answer = await create({ name: "fast", size: 10, dataCenter: "EU-RO-1", type: "HIGH_PERFORMANCE" });
    expect(answer.body).toMatchObject({ size: 10, dataCenter: "EU-RO-1", type: "HIGH_PERFORMANCE" });
  });

  test.each([
    { case: "size 9", body: { name: "v", size: 9, dataCenter: "US-TX-3" }, errors: ["must be >= 10 at /size"] },
    { case: "size 4097", body: { name: "v", size: 4097, dataCenter: "US-TX-3" }, errors: ["must be <= 4096 at /size"] },
    { case: "empty name", body: { name: "", size: 10, dataCenter: "US-TX-3" }, errors: ["must not be empty at /name"] },
    {
      case: "missing fields",
      body: {},
      errors: ["missing required property at /name", "missing required property at /size", "missing required property at /dataCenter"],
    },
    {
      case: "an unknown type",
      body: { name: "v", size: 10, dataCenter: "US-TX-3", type: "NVME" },
      errors: ["must be one of STANDARD, HIGH_PERFORMANCE at /type"],
    },
    {
      case: "the v1 field name",
      body: { name: "v", size: 10, dataCenterId: "US-TX-3" },
      errors: ["missing required property at /dataCenter", "unknown property at /dataCenterId"],
    },
  ])("$case is 400", async ({ body, errors }) => {
    expectProblem(await create(body), 400, "Request body failed validation", errors);
  });

  test.each([
    { case: "an unknown data center", body: { dataCenter: "MARS-1" }, detail: 'Unknown data center "MARS-1"' },
    {
      case: "a type the data center lacks",
      body: { dataCenter: "US-CA-2", type: "HIGH_PERFORMANCE" },
      detail: "Data center US-CA-2 does not offer HIGH_PERFORMANCE network volumes (it offers: STANDARD)",
    },
    {
      case: "a data center without network storage",
      body: { dataCenter: "CA-MTL-1" },
      detail: "Data center CA-MTL-1 does not offer STANDARD network volumes (it offers: none)",
    },
  ])("$case is 400", async ({ body, detail }) => {
    expectProblem(await create({ name: "v", size: 10, ...body }), 400, detail);
  });
});

describe("read, update and delete", () => {
  let id: string;

  beforeAll(async () => {
    id = (await create({ name: "crud", size: 50, dataCenter: "US-TX-3" })).body.id;
  });

  test("list and get", async () => {
    const volume = { id, name: "crud", size: 50, dataCenter: "US-TX-3", type: "STANDARD" };
    expect((await harness.call("GET", `/v2/network-volumes/${id}`)).body).toEqual(volume);
    expect((await harness.call("GET", "/v2/network-volumes")).body.networkVolumes).toContainEqual(volume);
  });

  test("PATCH renames and grows", async () => {
    expect((await harness.call("PATCH", `/v2/network-volumes/${id}`, { body: { name: "renamed" } })).body).toMatchObject({
      name: "renamed",
      size: 50,
    });
    expect((await harness.call("PATCH", `/v2/network-volumes/${id}`, { body: { size: 60 } })).body).toEqual({
      id,
      name: "renamed",
      size: 60,
      dataCenter: "US-TX-3",
      type: "STANDARD",
    });
  });

  test.each([
    { case: "shrinking", body: { size: 50 }, detail: "Network volume size cannot shrink (from 60 to 50 GB)", errors: undefined },
    { case: "an empty body", body: {}, detail: "Send at least one of name or size", errors: undefined },
    {
      case: "changing the data center or type",
      body: { dataCenter: "EU-RO-1", type: "HIGH_PERFORMANCE" },
      detail: "Request body failed validation",
      errors: ["unknown property at /dataCenter", "unknown property at /type"],
    },
    {
      case: "size above the maximum",
      body: { size: 5000 },
      detail: "Request body failed validation",
      errors: ["must be <= 4096 at /size"],
    },
  ])("PATCH $case is 400", async ({ body, detail, errors }) => {
    expectProblem(await harness.call("PATCH", `/v2/network-volumes/${id}`, { body }), 400, detail, errors);
  });

  test("DELETE answers 204; the volume is then gone", async () => {
    const answer = await harness.call("DELETE", `/v2/network-volumes/${id}`);
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: "" });
    expectProblem(await harness.call("GET", `/v2/network-volumes/${id}`), 404, `Network volume ${id} not found`);
  });
});

test("a volume mounted by a live pod cannot be deleted until the pod is gone", async () => {
  const volumeId = (await create({ name: "busy", size: 20, dataCenter: "EU-RO-1" })).body.id;
  const podId = (await harness.call("POST", "/v2/pods", { body: gpuPod({ mounts: { network: [{ volumeId, path: "/data" }] } }) })).body.id;
  expectProblem(
    await harness.call("DELETE", `/v2/network-volumes/${volumeId}`),
    409,
    `Network volume ${volumeId} is mounted by pod ${podId}; terminate the pods using it first`,
  );
  await harness.call("POST", `/v2/pods/${podId}/action`, { body: { action: "terminate" } });
  expect((await harness.call("DELETE", `/v2/network-volumes/${volumeId}`)).status).toBe(204);
});
