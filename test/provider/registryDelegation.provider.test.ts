// The RegistryDelegation provider against the real emulator over HTTP, called as the engine calls them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { UNKNOWN } from "../../provider/values/unknown";
import * as delegation from "../../provider/resources/registryDelegation/registryDelegation.provider";
import type { RegistryDelegationOutputs } from "../../provider/resources/registryDelegation/declaration";
import type { RegistryDelegationInputs } from "../../provider/resources/registryDelegation/inputs";
import { emulatorForProvider, passedCheck, writes } from "./providerHarness";

const ARN = "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer";
const CREATED_AT = Date.parse("2026-05-06T07:08:09.000Z");

let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorForProvider({ clock: () => CREATED_AT });
});
afterAll(async () => emulator.close());
beforeEach(() => {
  emulator.faults.clear();
  emulator.resetRequests();
});

const checked = (inputs: RegistryDelegationInputs) => passedCheck(delegation.check, inputs);

describe("check", () => {
  it("applies the default name", async () => {
    expect(await delegation.check({}, { resource: ARN })).toEqual({ inputs: { resource: ARN, name: null } });
  });

  it.each([
    [
      "an image URI",
      { resource: "210987654321.dkr.ecr.eu-west-1.amazonaws.com/ml/trainer" },
      "resource",
      "must be an ECR repository ARN: arn:aws:ecr:<region>:<12-digit account id>:repository/<name>[:<tag>]",
    ],
    ["no resource", { name: "x" }, "resource", "required"],
    ["a numeric name", { resource: ARN, name: 7 }, "name", "Invalid input: expected string, received number"],
    ["an unknown property", { resource: ARN, tag: "v3" }, "tag", "unknown property"],
  ])("rejects %s naming the property, with zero API calls", async (_label, inputs, property, reason) => {
    expect(await delegation.check({}, inputs as RegistryDelegationInputs)).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });

  it("lets a resource that is unknown at preview through", async () => {
    expect(await delegation.check({}, { resource: UNKNOWN })).toEqual({ inputs: { resource: UNKNOWN, name: null } });
  });
});

describe("with a delegation", () => {
  let id: string;
  let outs: RegistryDelegationOutputs;
  const args = (overrides: Partial<RegistryDelegationInputs> = {}) =>
    checked({ resource: `${ARN}:v3`, name: "trainer-images", ...overrides });

  beforeAll(async () => {
    emulator.resetRequests();
    const created = await delegation.create(await args());
    id = created.id;
    outs = created.outs!;
    expect(writes(emulator)).toEqual(["POST /v2/registries/delegations"]);
  });

  it("outputs the delegation's fields and the declared ARN", () => {
    expect(outs).toEqual({
      resource: `${ARN}:v3`,
      name: "trainer-images",
      delegatorUserId: expect.stringMatching(/^user-[0-9a-f]{12}$/),
      awsUser: "210987654321",
      repository: "ml/trainer",
      tag: "v3",
      awsRegion: "eu-west-1",
      dockerRegistryUri: "210987654321.dkr.ecr.eu-west-1.amazonaws.com",
      createdAt: "2026-05-06T07:08:09.000Z",
    });
    const { resource: _resource, ...live } = outs;
    expect(emulator.snapshot().delegations).toContainEqual({ id, ...live });
  });

  it("reports no changes for the same arguments", async () => {
    expect(await delegation.diff(id, outs, await args())).toEqual({ changes: false, replaces: [] });
  });

  it.each([
    ["the region", { resource: "arn:aws:ecr:eu-west-2:210987654321:repository/ml/trainer:v3" }, ["resource"]],
    ["the account", { resource: "arn:aws:ecr:eu-west-1:210987654322:repository/ml/trainer:v3" }, ["resource"]],
    ["the repository", { resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/eval:v3" }, ["resource"]],
    ["the tag", { resource: `${ARN}:v4` }, ["resource"]],
    ["the name", { name: "renamed" }, ["name"]],
    ["removing the name", { name: undefined }, ["name"]],
    ["a resource unknown at preview", { resource: UNKNOWN }, ["resource"]],
  ])("replaces on %s", async (_label, change, replaces) => {
    expect(await delegation.diff(id, outs, await args(change))).toEqual({ changes: true, replaces });
  });

  it("reads the delegation back through the list, without inputs", async () => {
    expect(await delegation.read(id, outs)).toEqual({ id, props: outs });
    expect(emulator.requests).toEqual([{ method: "GET", path: "/v2/registries/delegations", status: 200 }]);
  });

  it("an import (nothing recorded) reads the ARN its parts give, with its tag", async () => {
    expect(await delegation.read(id, {} as RegistryDelegationOutputs)).toEqual({
      id,
      props: outs,
      inputs: { resource: `${ARN}:v3`, name: "trainer-images" },
    });
  });

  it("refuses to adopt a delegation that differs, or one that does not exist", async () => {
    await expect(delegation.create(await args({ resource: `${ARN}:v4`, name: null, adopt: id }))).rejects.toThrow(
      `adopt: registry delegation "${id}" differs from the arguments in resource, name (it covers ${ARN}:v3 and is named ` +
        '"trainer-images"), which cannot change in place; declare the delegation\'s current values or create a new delegation instead',
    );
    await expect(delegation.create(await args({ adopt: "nosuchdel1" }))).rejects.toThrow(
      'adopt: there is no registry delegation with id "nosuchdel1"',
    );
    expect(writes(emulator)).toEqual([]);
  });

  it("refuses to replace an adopted delegation while adopt still names it", async () => {
    await expect(delegation.diff(id, outs, await args({ name: "renamed", adopt: id }))).rejects.toThrow(
      `registry delegation ${id} was adopted and name cannot change in place.`,
    );
  });
});

it("treats an explicit :latest as the same repository and tag as none", async () => {
  const { id, outs } = await delegation.create(await checked({ resource: ARN }));
  expect(outs).toMatchObject({ resource: ARN, name: null, tag: "latest" });
  expect(await delegation.diff(id, outs!, await checked({ resource: `${ARN}:latest` }))).toEqual({ changes: false, replaces: [] });
  await delegation.delete(id);
});

it("takes over the delegation a create made when the answer to that create was lost", async () => {
  const inputs = await checked({ resource: `${ARN}:lost`, name: "answer-lost" });
  emulator.faults.loseResponses(1, { method: "POST", path: "/v2/registries/delegations" });
  const { id, outs } = await delegation.create(inputs);
  expect(
    emulator
      .snapshot()
      .delegations.filter((d) => d.name === "answer-lost")
      .map((d) => d.id),
  ).toEqual([id]);
  expect(outs).toMatchObject({ tag: "lost", name: "answer-lost" });
  expect(emulator.requests.filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: "/v2/registries/delegations", status: 0 }]);
  await delegation.delete(id);
  expect(emulator.snapshot().delegations.filter((d) => d.name === "answer-lost")).toEqual([]);
});
