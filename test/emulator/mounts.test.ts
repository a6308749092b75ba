import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cpuPod, expectProblem, gpuPod, type Harness, startHarness } from "./harness";

let harness: Harness;
let texasVolume: string;
let romaniaVolume: string;
let otherTexasVolume: string;

beforeAll(async () => {
  harness = await startHarness();
  const volume = async (name: string, dataCenter: string) =>
    (await harness.call("POST", "/v2/network-volumes", { body: { name, size: 50, dataCenter } })).body.id as string;
  texasVolume = await volume("texas", "US-TX-3");
  romaniaVolume = await volume("romania", "EU-RO-1");
  otherTexasVolume = await volume("texas-2", "US-TX-3");
});

afterAll(() => harness.emulator.close());

const create = (body: unknown) => harness.call("POST", "/v2/pods", { body });
const patch = (id: string, body: unknown) => harness.call("PATCH", `/v2/pods/${id}`, { body });
const network = (volumeId: string, path = "/data") => ({ network: [{ volumeId, path }] });
const persistent = (size = 20, path = "/workspace") => ({ persistent: { size, path } });

describe("at create", () => {
  test("rule 1: persistent and network together are 400", async () => {
    expectProblem(
      await create(gpuPod({ mounts: { ...persistent(), ...network(texasVolume) } })),
      400,
      "mounts.persistent and mounts.network are mutually exclusive",
    );
  });

  test.each([
    {
      case: "persistent without path",
      mounts: { persistent: { size: 20 } },
      errors: ["missing required property at /mounts/persistent/path"],
    },
    {
      case: "persistent without size",
      mounts: { persistent: { path: "/w" } },
      errors: ["missing required property at /mounts/persistent/size"],
    },
    {
      case: "network entry without volumeId",
      mounts: { network: [{ path: "/data" }] },
      errors: ["missing required property at /mounts/network/0/volumeId"],
    },
    {
      case: "an empty network entry",
      mounts: { network: [{}] },
      errors: ["missing required property at /mounts/network/0/volumeId", "missing required property at /mounts/network/0/path"],
    },
  ])("rule 6: $case is 422", async ({ mounts, errors }) => {
    expectProblem(await create(gpuPod({ mounts })), 422, "Incomplete mount entry", errors);
  });

  test("a partial mount next to another failure is 400 listing both", async () => {
    expectProblem(await create(gpuPod({ disk: 0, mounts: { persistent: { size: 20 } } })), 400, "Request body failed validation", [
      "missing required property at /mounts/persistent/path",
      "must be >= 1 at /disk",
    ]);
  });

  test("a persistent mount on a CPU pod is 400", async () => {
    expectProblem(
      await create(cpuPod({ mounts: persistent() })),
      400,
      "Persistent mounts are not available on CPU pods; mount a network volume instead",
    );
  });

  test("a network volume that does not exist is 400", async () => {
    expectProblem(await create(gpuPod({ mounts: network("novolume00") })), 400, "Network volume novolume00 does not exist");
  });

  test("a volume whose data center dataCenterIds excludes is 400", async () => {
    expectProblem(
      await create(gpuPod({ mounts: network(texasVolume), dataCenterIds: ["EU-RO-1"] })),
      400,
      `Network volume ${texasVolume} is in US-TX-3, which dataCenterIds excludes`,
    );
  });

  test("a volume in a data center without the GPU is 400", async () => {
    expectProblem(
      await create(gpuPod({ gpu: { id: "NVIDIA H100 80GB HBM3" }, mounts: network(texasVolume) })),
      400,
      `"NVIDIA H100 80GB HBM3" is not offered in US-TX-3, where network volume ${texasVolume} is`,
    );
  });

  test("the pod is scheduled into its volume's data center", async () => {
    const answer = await create(gpuPod({ mounts: network(romaniaVolume), dataCenterIds: ["US-TX-3", "EU-RO-1"] }));
    expect(answer.status).toBe(201);
    expect(answer.body.dataCenterId).toBe("EU-RO-1");
    expect(answer.body.mounts).toEqual(network(romaniaVolume));
  });

  test("a CPU pod may mount a network volume at a custom path", async () => {
    const answer = await create(cpuPod({ mounts: network(texasVolume, "/mnt/custom") }));
    expect(answer.status).toBe(201);
    expect(answer.body.mounts).toEqual(network(texasVolume, "/mnt/custom"));
  });

  test("an empty network list means no mount", async () => {
    expect((await create(gpuPod({ mounts: { network: [] } }))).body.mounts).toEqual({});
  });
});

describe("on PATCH", () => {
  let persistentPod: string;
  let networkPod: string;
  let bareGpuPod: string;

  beforeAll(async () => {
    persistentPod = (await create(gpuPod({ mounts: persistent(20) }))).body.id;
    networkPod = (await create(gpuPod({ mounts: network(texasVolume) }))).body.id;
    bareGpuPod = (await create(gpuPod())).body.id;
  });

  test("rule 2: omitting mounts or sending {} leaves them unchanged", async () => {
    expect((await patch(networkPod, { name: "renamed" })).body.mounts).toEqual(network(texasVolume));
    expect((await patch(networkPod, { mounts: {} })).body.mounts).toEqual(network(texasVolume));
    expect((await patch(persistentPod, { mounts: {} })).body.mounts).toEqual(persistent(20));
  });

  test("rule 3: an explicit empty network list is 400", async () => {
    expectProblem(
      await patch(networkPod, { mounts: { network: [] } }),
      400,
      "An empty mounts.network cannot remove a mount; mounts cannot be cleared by PATCH",
    );
  });

  test.each([
    {
      case: "persistent on a network pod",
      pod: () => networkPod,
      mounts: () => persistent(),
      detail: "The pod was created with a network mount; a persistent mount cannot be added after create",
    },
    {
      case: "network on a persistent pod",
      pod: () => persistentPod,
      mounts: () => network(texasVolume),
      detail: "The pod was created with a persistent mount; a network mount cannot be added after create",
    },
    {
      case: "persistent on a pod created without mounts",
      pod: () => bareGpuPod,
      mounts: () => persistent(),
      detail: "The pod was created without mounts; a persistent mount cannot be added after create",
    },
    {
      case: "network on a pod created without mounts",
      pod: () => bareGpuPod,
      mounts: () => network(texasVolume),
      detail: "The pod was created without mounts; a network mount cannot be added after create",
    },
  ])("rule 4: adding $case is 400", async ({ pod, mounts, detail }) => {
    expectProblem(await patch(pod(), { mounts: mounts() }), 400, detail);
  });

  test("rule 5: a different volumeId is 400", async () => {
    expectProblem(
      await patch(networkPod, { mounts: network(otherTexasVolume) }),
      400,
      `mounts.network[0].volumeId is immutable (it is ${texasVolume})`,
    );
  });

  test("rule 6: a partial entry is 422", async () => {
    expectProblem(await patch(networkPod, { mounts: { network: [{ path: "/x" }] } }), 422, "Incomplete mount entry", [
      "missing required property at /mounts/network/0/volumeId",
    ]);
  });

  test("rule 1: both kinds are 400", async () => {
    expectProblem(
      await patch(persistentPod, { mounts: { ...persistent(), ...network(texasVolume) } }),
      400,
      "mounts.persistent and mounts.network are mutually exclusive",
    );
  });

  test("the mount path may change", async () => {
    expect((await patch(networkPod, { mounts: network(texasVolume, "/moved") })).body.mounts).toEqual(network(texasVolume, "/moved"));
    expect((await patch(persistentPod, { mounts: persistent(20, "/moved") })).body.mounts).toEqual(persistent(20, "/moved"));
  });

  test("a persistent mount may grow but not shrink", async () => {
    expect((await patch(persistentPod, { mounts: persistent(40, "/moved") })).body.mounts).toEqual(persistent(40, "/moved"));
    expectProblem(
      await patch(persistentPod, { mounts: persistent(30, "/moved") }),
      400,
      "mounts.persistent.size cannot shrink (from 40 to 30 GB)",
    );
  });

  test("bounds apply on PATCH too", async () => {
    expectProblem(await patch(persistentPod, { mounts: persistent(9) }), 400, "Request body failed validation", [
      "must be >= 10 at /mounts/persistent/size",
    ]);
  });
});
