// The registry credential and registry delegation lookups, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  getRegistries,
  getRegistriesOutput,
  getRegistry,
  getRegistryDelegation,
  getRegistryDelegationOutput,
  getRegistryDelegations,
  getRegistryDelegationsOutput,
  getRegistryOutput,
} from "../../provider/functions/registries";
import type { Registry } from "../../provider/resources/registry/inputs";
import type { EcrDelegation } from "../../provider/resources/registryDelegation/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { apiGet, emulatorForProvider, outputValue, writes } from "./providerHarness";
import { UserError } from "../../provider/errors";

const USERNAME = "robot$ci-puller";
const PASSWORD = "ghp_s3cr3tT0k3nNeverShown";

let emulator: Emulator;
let ghcr: Registry;
let ghcrBackup: Registry;
let docker: Registry;
let trainer: EcrDelegation;
let server: EcrDelegation;

beforeAll(async () => {
  emulator = await emulatorForProvider();
  const registries = sharedClient().registries;
  ghcr = await registries.create({ name: "ghcr", username: USERNAME, password: PASSWORD });
  ghcrBackup = await registries.create({ name: "ghcr", username: `${USERNAME}-2`, password: `${PASSWORD}-2` });
  docker = await registries.create({ name: "dockerhub", username: USERNAME, password: PASSWORD });
  trainer = await registries.delegations.create({
    resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer:v3",
    name: "trainer",
  });
  server = await registries.delegations.create({ resource: "arn:aws:ecr:us-east-1:210987654321:repository/ml/server", name: null });
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

/** Whether any of the credentials' secrets appears anywhere in `value`. */
const carriesSecret = (value: unknown) => [USERNAME, PASSWORD].some((secret) => JSON.stringify(value).includes(secret));

describe("getRegistry and getRegistries", () => {
  it("return credentials as id and name only: the username and password never come back", async () => {
    const one = await getRegistry({ id: ghcr.id });
    expect(one).toEqual({ id: ghcr.id, name: "ghcr" });
    expect(one).toEqual(await apiGet(emulator, `/v2/registries/${ghcr.id}`));
    const all = await getRegistries();
    expect(all).toEqual({ registries: [ghcr, ghcrBackup, docker] });
    expect([carriesSecret(one), carriesSecret(all), carriesSecret(await outputValue(getRegistriesOutput()))]).toEqual([
      false,
      false,
      false,
    ]);
    expect(writes(emulator)).toEqual([]);
  });

  it("getRegistries filters by exact name", async () => {
    expect(await getRegistries({ name: "ghcr" })).toEqual({ registries: [ghcr, ghcrBackup] });
    expect(await getRegistries({ name: "gh" })).toEqual({ registries: [] });
  });

  it("getRegistry fails with a message naming an id there is no credential for, and refuses an empty id before any call", async () => {
    await expect(getRegistry({ id: "noregistry" })).rejects.toThrow(
      new UserError('getRegistry: there is no registry credential with id "noregistry"'),
    );
    emulator.resetRequests();
    await expect(getRegistry({ id: "" })).rejects.toThrow(
      new UserError("getRegistry: invalid arguments: id: Too small: expected string to have >=1 characters"),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("have Output forms that take Inputs", async () => {
    expect(await outputValue(getRegistryOutput({ id: pulumi.output(Promise.resolve(docker.id)) }))).toEqual(docker);
    expect(await outputValue(getRegistriesOutput({ name: pulumi.output("dockerhub") }))).toEqual({ registries: [docker] });
  });
});

describe("getRegistryDelegation and getRegistryDelegations", () => {
  it("return delegations exactly as the API lists them", async () => {
    expect(await getRegistryDelegations()).toEqual(await apiGet(emulator, "/v2/registries/delegations"));
    expect(await getRegistryDelegations()).toEqual({ delegations: [trainer, server] });
    expect(await getRegistryDelegation({ id: server.id })).toEqual(server);
    expect(trainer).toMatchObject({ repository: "ml/trainer", tag: "v3", awsRegion: "eu-west-1", awsUser: "210987654321" });
    expect(writes(emulator)).toEqual([]);
  });

  it.each([
    { by: "a name", args: { name: "trainer" }, expected: () => [trainer] },
    { by: "a repository", args: { repository: "ml/server" }, expected: () => [server] },
    { by: "a name and a repository that do not meet", args: { name: "trainer", repository: "ml/server" }, expected: () => [] },
  ])("getRegistryDelegations filters by $by", async ({ args, expected }) => {
    expect(await getRegistryDelegations(args)).toEqual({ delegations: expected() });
  });

  it("getRegistryDelegation fails with a message naming an id there is no delegation for", async () => {
    await expect(getRegistryDelegation({ id: "nodelegate" })).rejects.toThrow(
      new UserError('getRegistryDelegation: there is no registry delegation with id "nodelegate"'),
    );
  });

  it("have Output forms that take Inputs", async () => {
    expect(await outputValue(getRegistryDelegationOutput({ id: pulumi.output(trainer.id) }))).toEqual(trainer);
    expect(await outputValue(getRegistryDelegationsOutput({ repository: pulumi.output("ml/trainer") }))).toEqual({
      delegations: [trainer],
    });
  });
});
