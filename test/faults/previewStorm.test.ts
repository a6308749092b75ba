/**
 * A storm of 429s at the start of an `up`, through the real engine and the packed package: four priced pods (their
 * estimate is read from the catalog at `check`), and the first eight requests answered 429 with `Retry-After: 1`.
 * The catalog read waits each out within its deadline, as long as a create would (each retry no sooner than its
 * `Retry-After`, from the times the emulator recorded), and the `up` succeeds with each pod made once. Before, that
 * read gave up after six tries and failed every pod of the `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { expectInSync } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { openTestStack } from "../support/stack";
import { requireFrom, suiteWorkDir } from "../support/workDir";
import { recordExchanges, waitsAfterRateLimits } from "./exchanges";
import { podNames } from "./faultStack";

type Constructor = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

describe("a 429 storm at preview", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("fault-preview-storm");
    const { Pod } = requireFrom(workDir)("pulumi-computeplatform") as { Pod: Constructor };
    stack = await openTestStack({
      stackName: "fault-preview-storm",
      projectName: "fault-preview-storm",
      workDir,
      config: api.stackConfig,
      program: async () => {
        const pods = [0, 1, 2, 3].map(
          (i) => new Pod(`pod-${i}`, { name: `priced-${i}`, image: "alpine:3", gpu: { id: "NVIDIA GeForce RTX 4090" } }),
        );
        return { estimates: pods.map((pod) => (pod as unknown as { estimatedHourlyCost: pulumi.Output<number> }).estimatedHourlyCost) };
      },
    });
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(() => api?.emulator.close());

  it("eight consecutive 429s (Retry-After: 1) on the catalog read that prices four pods are waited out", async () => {
    api.emulator.resetRequests();
    const recorder = recordExchanges();
    api.emulator.faults.rateLimitStorm({ count: 8, retryAfterSeconds: 1 });
    const result = await stack.up().finally(() => recorder.stop());
    expect(changeSummary(result)).toEqual({ create: 5 });
    expect(Object.values(result.outputs.estimates!.value as number[]).every((estimate) => estimate > 0)).toBe(true);

    const requests = api.emulator.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
    expect(requests.slice(0, 9)).toEqual([...Array<string>(8).fill("GET /v2/catalog/gpus 429"), "GET /v2/catalog/gpus 200"]);
    expect(requests.filter((request) => request.startsWith("POST /v2/pods "))).toEqual(Array(4).fill("POST /v2/pods 201"));
    const waits = waitsAfterRateLimits(recorder.exchanges);
    expect(waits).toHaveLength(8);
    expect(waits.filter((wait) => wait < 1000)).toEqual([]);
    expect(podNames(api, "priced-")).toEqual(["priced-0", "priced-1", "priced-2", "priced-3"]);
    await expectInSync(stack, api.emulator);
  });
});
