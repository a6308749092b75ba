import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Named } from "../../provider/resources/autoName";
import { diffOf } from "../../provider/resources/lifecycle/diff";
import { withDeclaredDefaults } from "../../provider/resources/lifecycle/declaredDefaults";
import { endpointPatch, serverlessEndpoint, type ServerlessEndpointOutputs } from "../../provider/resources/serverlessEndpoint/declaration";
import type { CheckedServerlessEndpointInputs, ServerlessEndpointInputs } from "../../provider/resources/serverlessEndpoint/inputs";

const withEndpointDefaults = (inputs: Named<ServerlessEndpointInputs>): CheckedServerlessEndpointInputs =>
  withDeclaredDefaults(serverlessEndpoint, inputs) as CheckedServerlessEndpointInputs;
const diffEndpoint = (olds: ServerlessEndpointOutputs, news: CheckedServerlessEndpointInputs) => diffOf(serverlessEndpoint, olds, news);

const recorded: ServerlessEndpointOutputs = {
  name: "echo",
  type: "QUEUE",
  requestUrls: { run: "http://x/v2/e/run" },
  image: "org/echo:1",
  args: "",
  disk: 20,
  env: { MODE: "a", FROM_TEMPLATE: "t" },
  ports: [],
  registry: null,
  gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA L4"], count: 1, allowedCudaVersions: ["12.8"], minCudaVersion: null },
  workers: { min: 0, max: 3, idleTimeout: 10 },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  dataCenterIds: [],
  networkVolumes: [],
  timeout: 300000,
  flashboot: "OFF",
  createdAt: "2026-11-24T00:00:00.000Z",
  templateId: "tpl",
  inheritedEnvKeys: ["FROM_TEMPLATE"],
};

/** The arguments that produced `recorded`: the template supplied the image, FROM_TEMPLATE and the CUDA set. */
const same: CheckedServerlessEndpointInputs = withEndpointDefaults({
  name: "echo",
  type: "QUEUE",
  templateId: "tpl",
  env: { MODE: "a" },
  gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA L4"] },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
});

describe("diffEndpoint", () => {
  it.each<[string, Partial<CheckedServerlessEndpointInputs>, { changes: boolean; replaces: string[] }]>([
    ["nothing", {}, { changes: false, replaces: [] }],
    [
      "the template's CUDA set left undeclared",
      { gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA L4"], count: 1 } },
      { changes: false, replaces: [] },
    ],
    ["another name", { name: "x" }, { changes: true, replaces: [] }],
    [
      "another scaling signal",
      { scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { min: 0, max: 3 } },
      { changes: true, replaces: [] },
    ],
    ["another type", { type: "LOAD_BALANCER" }, { changes: true, replaces: ["type"] }],
    ["cpu instead of gpu", { gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2 }] }, { changes: true, replaces: ["cpu"] }],
  ])("%s", (_label, change, expected) => {
    expect(diffEndpoint(recorded, { ...same, ...change })).toEqual(expected);
  });

  it("gpu instead of cpu replaces", () => {
    const cpu = { ...recorded, gpu: null, cpu: [{ id: "cpu3c", vcpuCount: 2, memory: 4 }] };
    expect(diffEndpoint(cpu, { ...same, gpu: undefined, cpu: [{ id: "cpu3c", vcpuCount: 2 }] })).toEqual({ changes: false, replaces: [] });
    expect(diffEndpoint(cpu, same)).toEqual({ changes: true, replaces: ["gpu"] });
  });
});

describe("endpointPatch", () => {
  it("holds exactly the fields that differ; pools travel with their exclusions; inherited env keys are kept", () => {
    expect(endpointPatch(recorded, { ...same, env: { MODE: "b" }, gpu: { pools: ["ADA_24", "AMPERE_80"], count: 2 } })).toEqual({
      env: { FROM_TEMPLATE: "t", MODE: "b" },
      gpu: { pools: ["ADA_24", "AMPERE_80"], excludedTypes: [], count: 2 },
    });
  });

  it.each<[string, CheckedServerlessEndpointInputs, object]>([
    [
      "a floor declared beside the template's set clears the set",
      { ...same, gpu: { ...same.gpu!, minCudaVersion: "12.4" } },
      { allowedCudaVersions: [], minCudaVersion: "12.4" },
    ],
    [
      "a set declared instead of the template's",
      { ...same, gpu: { ...same.gpu!, allowedCudaVersions: ["12.4"] } },
      { allowedCudaVersions: ["12.4"] },
    ],
  ])("CUDA: %s", (_label, news, gpu) => {
    expect(endpointPatch(recorded, news)).toEqual({ gpu });
  });

  it("CUDA: a floor the arguments no longer declare is cleared with an empty string", () => {
    const floored = { ...recorded, gpu: { ...recorded.gpu!, allowedCudaVersions: [], minCudaVersion: "12.4" } };
    expect(endpointPatch(floored, same)).toEqual({ gpu: { minCudaVersion: "" } });
  });

  it("container details instead of the template drop its env keys and CUDA set", () => {
    const { templateId: _templateId, ...details } = withEndpointDefaults({ ...same, templateId: undefined, image: "org/echo:1" });
    expect(endpointPatch(recorded, details)).toEqual({ env: { MODE: "a" }, gpu: { allowedCudaVersions: [] } });
  });

  it("another template sends its id and only the declared env, so the old template's keys go", () => {
    expect(endpointPatch(recorded, { ...same, templateId: "tpl2" })).toEqual({ templateId: "tpl2", env: { MODE: "a" } });
  });

  const changes = fc.record(
    {
      name: fc.constantFrom("echo", "renamed"),
      image: fc.constantFrom("org/echo:1", "org/echo:2"),
      disk: fc.integer({ min: 1, max: 100 }),
      timeout: fc.integer({ min: 1, max: 600_000 }),
      flashboot: fc.constantFrom("OFF", "FLASHBOOT", "PRIORITY_FLASHBOOT"),
      workers: fc.record({
        min: fc.integer({ min: 0, max: 3 }),
        max: fc.integer({ min: 3, max: 9 }),
        idleTimeout: fc.integer({ min: 1, max: 3600 }),
      }),
      env: fc.dictionary(fc.constantFrom("MODE", "TOKEN", "LEVEL"), fc.string({ maxLength: 3 })),
      gpu: fc
        .record(
          {
            pools: fc.subarray(["ADA_24", "AMPERE_80"], { minLength: 1 }),
            excludedTypes: fc.subarray(["NVIDIA L4", "NVIDIA A100 80GB PCIe"]),
            count: fc.integer({ min: 1, max: 4 }),
            allowedCudaVersions: fc.subarray(["12.4", "12.8"]),
            minCudaVersion: fc.constantFrom("12.1", "12.4"),
          },
          { requiredKeys: ["pools"] },
        )
        .filter((gpu) => gpu.minCudaVersion === undefined || (gpu.allowedCudaVersions ?? []).length === 0),
    },
    { requiredKeys: [] },
  );

  it("a patch applied to the endpoint leaves nothing to change, names only fields that differed, and sends pools with exclusions", () => {
    fc.assert(
      fc.property(changes, (change) => {
        const news = { ...same, ...change } as CheckedServerlessEndpointInputs;
        const patch = endpointPatch(recorded, news) as Record<string, unknown>;
        const gpu = patch.gpu as Record<string, unknown> | undefined;
        // As the API applies it: GPU fields merge into the live ones, and an empty floor clears it.
        const appliedGpu = gpu && { ...recorded.gpu!, ...gpu, ...(gpu.minCudaVersion === "" ? { minCudaVersion: null } : {}) };
        const applied = { ...recorded, ...patch, ...(appliedGpu ? { gpu: appliedGpu } : {}) } as ServerlessEndpointOutputs;
        expect(endpointPatch(applied, news)).toEqual({});
        for (const field of Object.keys(patch)) {
          if (field !== "env" && field !== "gpu") expect(patch[field]).not.toEqual(recorded[field as keyof ServerlessEndpointOutputs]);
        }
        const { pools, excludedTypes, ...others } = gpu ?? {};
        for (const [field, value] of Object.entries(others)) expect(value).not.toEqual(recorded.gpu![field as keyof typeof recorded.gpu]);
        if (pools !== undefined || excludedTypes !== undefined) {
          expect([pools, excludedTypes]).not.toEqual([recorded.gpu!.pools, recorded.gpu!.excludedTypes]);
          expect(excludedTypes).toBeDefined();
          expect(pools).toBeDefined();
        }
      }),
    );
  });
});
