// getPod and getPods, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { getPod, getPodOutput, getPods, getPodsOutput } from "../../provider/functions/pods";
import { NotFoundError } from "../../provider/client/errors";
import { sharedClient } from "../../provider/sharedClient";
import { ManualClock } from "../emulator/harness";
import { apiGet, emulatorForProvider, outputValue, writes } from "./providerHarness";
import { UserError } from "../../provider/errors";

let emulator: Emulator;
const clock = new ManualClock();
let running: string;
let stopped: string;
let worker: string;

/** The pod exactly as the API renders it now. */
const rawPod = (id: string) => apiGet(emulator, `/v2/pods/${id}`);

beforeAll(async () => {
  emulator = await emulatorForProvider({ clock: clock.read });
  const pods = sharedClient().pods;
  running = (await pods.create({ name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 } })).id;
  stopped = (await pods.create({ name: "trainer", image: "org/trainer:1.2", gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 } })).id;
  worker = (await pods.create({ name: "worker", image: "org/worker:1", cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } })).id;
  clock.advance(60_000);
  await pods.action(stopped, "stop");
});
afterAll(async () => emulator.close());

describe("getPod", () => {
  it("returns the v2 pod exactly as the API renders it, without writing", async () => {
    emulator.resetRequests();
    const pod = await getPod({ id: running });
    expect(pod).toEqual(await rawPod(running));
    expect(pod).toMatchObject({ id: running, name: "trainer", status: "RUNNING" });
    expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/pods/${running}`, `GET /v2/pods/${running}`]);
    expect(writes(emulator)).toEqual([]);
  });

  it("fails with a message naming an id the account does not have", async () => {
    const failure = getPod({ id: "nosuchpod0" });
    await expect(failure).rejects.toThrow(new UserError('getPod: the account has no pod with id "nosuchpod0"'));
    await expect(failure).rejects.not.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ["an empty id", { id: "" }, "getPod: invalid arguments: id: Too small: expected string to have >=1 characters"],
    ["a missing id", {}, "getPod: invalid arguments: id: Invalid input: expected string, received undefined"],
  ])("refuses %s before any API call", async (_label, args, message) => {
    emulator.resetRequests();
    await expect(getPod(args as { id: string })).rejects.toThrow(new UserError(message));
    expect(emulator.requests).toEqual([]);
  });

  it("has an Output form that takes Inputs", async () => {
    const output = getPodOutput({ id: pulumi.output(Promise.resolve(worker)) });
    expect(await outputValue(output)).toEqual(await rawPod(worker));
    // env holds secrets, so the whole answer is one.
    expect(await pulumi.isSecret(output)).toBe(true);
  });
});

describe("getPods", () => {
  const ids = (result: { pods: Array<{ id: string }> }) => result.pods.map((pod) => pod.id);

  it("lists every pod of the account as the API renders them", async () => {
    const all = await getPods();
    expect(all).toEqual({ pods: [await rawPod(running), await rawPod(stopped), await rawPod(worker)] });
  });

  it.each([
    ["name", { name: "trainer" }, () => [running, stopped]],
    ["status", { status: "EXITED" as const }, () => [stopped]],
    ["name and status", { name: "trainer", status: "RUNNING" as const }, () => [running]],
    ["a name nobody has", { name: "train" }, () => []],
    ["a status nobody is in", { status: "ERROR" as const }, () => []],
    ["includeClusterPods", { includeClusterPods: true }, () => [running, stopped, worker]],
  ])("filters by %s", async (_label, args, expected) => {
    expect(ids(await getPods(args))).toEqual(expected());
  });

  it("refuses a status the API does not have before any API call", async () => {
    emulator.resetRequests();
    await expect(getPods({ status: "running" as "RUNNING" })).rejects.toThrow(
      new UserError(
        'getPods: invalid arguments: status: Invalid option: expected one of "PROVISIONING"|"STARTING"|"RUNNING"|"EXITED"|"ERROR"|"TERMINATED"',
      ),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("has an Output form that takes Inputs, and no arguments at all", async () => {
    expect(ids(await outputValue(getPodsOutput({ status: pulumi.output("RUNNING" as const) })))).toEqual([running, worker]);
    expect(ids(await outputValue(getPodsOutput()))).toEqual([running, stopped, worker]);
    expect(await pulumi.isSecret(getPodsOutput())).toBe(true);
  });
});
