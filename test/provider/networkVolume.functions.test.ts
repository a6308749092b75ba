// The network volume lookups, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  getNetworkVolume,
  getNetworkVolumeOutput,
  getNetworkVolumes,
  getNetworkVolumesOutput,
} from "../../provider/functions/networkVolumes";
import type { NetworkVolume } from "../../provider/resources/networkVolume/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { apiGet, emulatorForProvider, outputValue, writes } from "./providerHarness";
import { UserError } from "../../provider/errors";

let emulator: Emulator;
let texas: NetworkVolume;
let texasFast: NetworkVolume;
let sweden: NetworkVolume;

const ids = (result: { networkVolumes: NetworkVolume[] }) => result.networkVolumes.map((volume) => volume.id);

beforeAll(async () => {
  emulator = await emulatorForProvider();
  const volumes = sharedClient().networkVolumes;
  texas = await volumes.create({ name: "datasets", size: 100, dataCenter: "US-TX-3" });
  texasFast = await volumes.create({ name: "checkpoints", size: 50, dataCenter: "US-TX-3", type: "HIGH_PERFORMANCE" });
  sweden = await volumes.create({ name: "datasets", size: 200, dataCenter: "EU-SE-1" });
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

describe("getNetworkVolume", () => {
  it("returns one of the account's volumes exactly as the API renders it, without writing", async () => {
    expect(await getNetworkVolume({ id: texasFast.id })).toEqual(await apiGet(emulator, `/v2/network-volumes/${texasFast.id}`));
    expect(await getNetworkVolume({ id: sweden.id })).toEqual({
      id: sweden.id,
      name: "datasets",
      size: 200,
      dataCenter: "EU-SE-1",
      type: "STANDARD",
    });
    expect(writes(emulator)).toEqual([]);
  });

  it("fails with a message naming an id there is no volume for", async () => {
    await expect(getNetworkVolume({ id: "novolume01" })).rejects.toThrow(
      new UserError('getNetworkVolume: there is no network volume with id "novolume01"'),
    );
  });

  it("refuses an empty id before any API call", async () => {
    await expect(getNetworkVolume({ id: "" })).rejects.toThrow(
      new UserError("getNetworkVolume: invalid arguments: id: Too small: expected string to have >=1 characters"),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("has an Output form that takes Inputs", async () => {
    const output = getNetworkVolumeOutput({ id: pulumi.output(Promise.resolve(texas.id)) });
    expect(await outputValue(output)).toEqual(texas);
    expect(await pulumi.isSecret(output)).toBe(false);
  });
});

describe("getNetworkVolumes", () => {
  it("lists the account's volumes as the API renders them", async () => {
    expect(await getNetworkVolumes()).toEqual(await apiGet(emulator, "/v2/network-volumes"));
    expect(ids(await getNetworkVolumes())).toEqual([texas.id, texasFast.id, sweden.id]);
  });

  it.each([
    { by: "a name", args: { name: "datasets" }, expected: () => [texas.id, sweden.id] },
    { by: "an exact name only", args: { name: "data" }, expected: () => [] },
    { by: "a data center", args: { dataCenter: "US-TX-3" }, expected: () => [texas.id, texasFast.id] },
    { by: "a name and a data center", args: { name: "datasets", dataCenter: "EU-SE-1" }, expected: () => [sweden.id] },
  ])("filters by $by", async ({ args, expected }) => {
    expect(ids(await getNetworkVolumes(args))).toEqual(expected());
  });

  it("refuses an argument it does not know before any API call", async () => {
    await expect(getNetworkVolumes({ region: "US" } as never)).rejects.toThrow(
      new UserError('getNetworkVolumes: invalid arguments: arguments: Unrecognized key: "region"'),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("has an Output form that takes Inputs, and no arguments at all", async () => {
    expect(ids(await outputValue(getNetworkVolumesOutput({ dataCenter: pulumi.output("EU-SE-1") })))).toEqual([sweden.id]);
    expect(ids(await outputValue(getNetworkVolumesOutput()))).toEqual([texas.id, texasFast.id, sweden.id]);
  });
});
