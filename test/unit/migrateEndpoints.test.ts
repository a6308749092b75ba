import { describe, expect, it } from "vitest";
import type { MigrationCatalog } from "../../cli/migrate/catalog";
import { migrateV1 } from "../../cli/migrate/convert";
import { formatWarning } from "../../cli/migrate/warnings";
import { serverlessEndpointInputsSchema } from "../../provider/resources/serverlessEndpoint/inputs";

/**
 * The endpoints migrated from `v1`, listed under `endpoints` (many endpoint bodies could be pod bodies too), checked
 * against the v2 ServerlessEndpoint arguments, and the stderr lines.
 */
function migrateEndpoint(v1: object, catalog?: MigrationCatalog) {
  const { document, warnings } = migrateV1({ endpoints: [v1] }, catalog);
  for (const resource of Object.values(document.resources)) {
    expect(serverlessEndpointInputsSchema.safeParse(resource.properties).error).toBeUndefined();
  }
  return { resources: JSON.parse(JSON.stringify(document.resources)), lines: warnings.map(formatWarning) };
}

const subject = 'endpoints[0] (name "e")';
/** What v1 gave an endpoint created without scaler settings or idle timeout. */
const v1Scaling = { workers: { idleTimeout: 5 }, scaling: { type: "QUEUE_DELAY", queueDelay: 4 } };

describe("migrating a v1 endpoint", () => {
  it.each([
    [
      "a minimal GPU create body, with the scaling and idle timeout v1 gave it",
      { name: "e", templateId: "t1", gpuTypeIds: ["NVIDIA GeForce RTX 4090"], workersMax: 3 },
      {
        templateId: "t1",
        gpu: { pools: ["ADA_24"], count: 1 },
        workers: { max: 3, idleTimeout: 5 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      },
      [],
    ],
    [
      "every GPU create field that has a v2 place",
      {
        name: "e",
        templateId: "t1",
        computeType: "GPU",
        gpuTypeIds: ["NVIDIA GeForce RTX 4090", "NVIDIA L40S"],
        gpuCount: 2,
        allowedCudaVersions: ["12.4"],
        workersMin: 1,
        workersMax: 5,
        idleTimeout: 60,
        scalerType: "QUEUE_DELAY",
        scalerValue: 10,
        executionTimeoutMs: 600000,
        flashboot: true,
        dataCenterIds: ["US-TX-3"],
        networkVolumeId: "vol1",
        networkVolumeIds: ["vol1", "vol2"],
      },
      {
        templateId: "t1",
        gpu: { pools: ["ADA_24", "ADA_48_PRO"], count: 2, allowedCudaVersions: ["12.4"] },
        workers: { min: 1, max: 5, idleTimeout: 60 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 10 },
        dataCenterIds: ["US-TX-3"],
        networkVolumes: ["vol1", "vol2"],
        timeout: 600000,
        flashboot: "FLASHBOOT",
      },
      [],
    ],
    [
      "scaling on request count, which takes no idle timeout in v2",
      {
        name: "e",
        templateId: "t1",
        gpuTypeIds: ["NVIDIA A100 80GB PCIe"],
        scalerType: "REQUEST_COUNT",
        scalerValue: 3,
        idleTimeout: 5,
        flashboot: false,
      },
      { templateId: "t1", gpu: { pools: ["AMPERE_80"], count: 1 }, scaling: { type: "REQUEST_COUNT", requestCount: 3 }, flashboot: "OFF" },
      [`warning: ${subject}: "idleTimeout" does not apply to a queue endpoint scaling on REQUEST_COUNT in v2; dropped`],
    ],
    [
      "a request count below v2's minimum",
      { name: "e", templateId: "t1", gpuTypeIds: ["NVIDIA L40S"], scalerType: "REQUEST_COUNT", scalerValue: 0 },
      { templateId: "t1", gpu: { pools: ["ADA_48_PRO"], count: 1 }, scaling: { type: "REQUEST_COUNT", requestCount: 1 } },
      [`warning: ${subject}: "scalerValue" 0 is below the v2 minimum of 1; scaling.requestCount is 1`],
    ],
    [
      "a CUDA floor beside a CUDA set, and values below v2's minimums",
      {
        name: "e",
        templateId: "t1",
        gpuTypeIds: ["NVIDIA L40S"],
        allowedCudaVersions: ["12.4"],
        minCudaVersion: "12.1",
        scalerValue: 0,
        executionTimeoutMs: 0,
        gpuCount: 0,
      },
      {
        templateId: "t1",
        gpu: { pools: ["ADA_48_PRO"], count: 1, allowedCudaVersions: ["12.4"] },
        workers: { idleTimeout: 5 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 0.5 },
        timeout: 1,
      },
      [
        `warning: ${subject}: "gpuCount" 0 is below the v2 minimum of 1; gpu.count is 1`,
        `warning: ${subject}: "minCudaVersion" cannot be combined with allowedCudaVersions in v2; dropped`,
        `warning: ${subject}: "scalerValue" 0 is below the v2 minimum of 0.5; scaling.queueDelay is 0.5`,
        `warning: ${subject}: "executionTimeoutMs" 0 is below the v2 minimum of 1; timeout is 1`,
      ],
    ],
    [
      "a CUDA floor alone, and one v2 refuses",
      {
        endpoints: [
          { name: "e", templateId: "t1", gpuTypeIds: ["NVIDIA L40S"], minCudaVersion: "12.1" },
          { name: "f", templateId: "t1", gpuTypeIds: ["NVIDIA L40S"], minCudaVersion: "12" },
        ],
      },
      {
        e: { templateId: "t1", gpu: { pools: ["ADA_48_PRO"], count: 1, minCudaVersion: "12.1" }, ...v1Scaling },
        f: { templateId: "t1", gpu: { pools: ["ADA_48_PRO"], count: 1 }, ...v1Scaling },
      },
      ['warning: endpoints[1] (name "f"): "minCudaVersion" "12" is not a CUDA version like 12.4; dropped'],
    ],
    [
      "GPU types in no known pool beside known ones",
      { name: "e", templateId: "t1", gpuTypeIds: ["NVIDIA A40", "NVIDIA RTX A6000", "AMD Instinct MI300X OAM"] },
      { templateId: "t1", gpu: { pools: ["AMPERE_48"], count: 1 }, ...v1Scaling },
      [
        `warning: ${subject}: "gpuTypeIds" entry "NVIDIA A40" is in no serverless pool known here; dropped`,
        `warning: ${subject}: "gpuTypeIds" entry "AMD Instinct MI300X OAM" is in no serverless pool known here; dropped`,
      ],
    ],
    [
      "GPU types in no known pool at all",
      { name: "e", templateId: "t1", gpuTypeIds: ["NVIDIA A40", "NVIDIA L4"] },
      { templateId: "t1", gpu: { pools: ["${config.eGpuPool}"], count: 1 }, ...v1Scaling },
      [
        `note: ${subject}: no serverless pool is known here for "NVIDIA A40", "NVIDIA L4"; run: pulumi config set eGpuPool <pool id from GET /v2/catalog/gpus>`,
      ],
    ],
    [
      "no GPU type and no template",
      { name: "e", workersMin: 0 },
      {
        image: "${config.eImage}",
        gpu: { pools: ["${config.eGpuPool}"], count: 1 },
        workers: { min: 0, idleTimeout: 5 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      },
      [
        `note: ${subject}: v1 names no GPU type, and v2 needs a serverless pool; run: pulumi config set eGpuPool <pool id from GET /v2/catalog/gpus>`,
        `note: ${subject}: v1 names no template, so v2 needs an image; run: pulumi config set eImage <image reference>`,
      ],
    ],
    [
      "a GPU body with CPU settings",
      { name: "e", templateId: "t1", gpuTypeIds: ["NVIDIA L40S"], cpuFlavorIds: ["cpu3c"], vcpuCount: 4 },
      { templateId: "t1", gpu: { pools: ["ADA_48_PRO"], count: 1 }, ...v1Scaling },
      [
        `warning: ${subject}: "cpuFlavorIds" applies only to CPU endpoints; dropped`,
        `warning: ${subject}: "vcpuCount" applies only to CPU endpoints; dropped`,
      ],
    ],
    [
      "a CPU create body: each flavor a configuration, v1's 2 vCPUs by default",
      { name: "e", templateId: "t1", computeType: "CPU", cpuFlavorIds: ["cpu3c", "cpu5c"], gpuCount: 1 },
      {
        templateId: "t1",
        cpu: [
          { id: "cpu3c", vcpuCount: 2 },
          { id: "cpu5c", vcpuCount: 2 },
        ],
        ...v1Scaling,
      },
      [`warning: ${subject}: "gpuCount" applies only to GPU endpoints; dropped`],
    ],
    [
      "a CPU body with a vCPU count v2 refuses",
      { name: "e", templateId: "t1", cpuFlavorIds: ["cpu3g"], vcpuCount: 3, workersMin: 0 },
      {
        templateId: "t1",
        cpu: [{ id: "cpu3g", vcpuCount: 4 }],
        workers: { min: 0, idleTimeout: 5 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      },
      [`warning: ${subject}: "vcpuCount" 3 is not a power of two of at least 2, as v2 requires; cpu[].vcpuCount is 4`],
    ],
    [
      "a CPU body without a flavor",
      { name: "e", templateId: "t1", computeType: "CPU" },
      { templateId: "t1", cpu: [{ id: "${config.eCpuFlavor}", vcpuCount: 2 }], ...v1Scaling },
      [`note: ${subject}: v1 names no CPU flavor, which v2 requires; run: pulumi config set eCpuFlavor <CPU flavor id>`],
    ],
    [
      "a CPU endpoint of a list response: adopted, configurations from its instance ids, read-outs dropped quietly",
      {
        id: "ep1",
        name: "e",
        computeType: "CPU",
        createdAt: "2024-07-12T19:14:40.144Z",
        dataCenterIds: "US-TX-3,EU-RO-1",
        env: { MODEL: "bge", API_KEY: "k" },
        executionTimeoutMs: 300000,
        idleTimeout: 30,
        instanceIds: ["cpu3c-8-16", "cpu3c-8-16", "cpu5c-6-12", "cpu5c"],
        scalerType: "QUEUE_DELAY",
        scalerValue: 2,
        template: { id: "t1", name: "bge", imageName: "org/bge:1" },
        templateId: "t1",
        userId: "user_1",
        version: 4,
        workers: [{ id: "w1" }],
        workersMax: 2,
        workersMin: 0,
      },
      {
        templateId: "t1",
        env: { MODEL: "bge", API_KEY: "${config.eApiKey}" },
        cpu: [
          { id: "cpu3c", vcpuCount: 8 },
          { id: "cpu5c", vcpuCount: 8 },
        ],
        workers: { min: 0, max: 2, idleTimeout: 30 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
        dataCenterIds: ["US-TX-3", "EU-RO-1"],
        timeout: 300000,
        adopt: "ep1",
      },
      [
        `warning: ${subject}: "instanceIds" entry "cpu5c" is not <flavor>-<vCPUs>-<GB>; dropped`,
        `warning: ${subject}: "instanceIds" 6 is not a power of two of at least 2, as v2 requires; cpu[].vcpuCount is 8`,
        `note: ${subject}: env API_KEY looks like a secret, so it is read from stack config; run: pulumi config set --secret eApiKey <value>`,
      ],
    ],
    [
      "a GPU endpoint of a list response, which gets no v1 idle timeout",
      {
        id: "ep2",
        name: "e",
        templateId: "t1",
        gpuTypeIds: ["NVIDIA H100 80GB HBM3"],
        gpuCount: 1,
        instanceIds: [],
        scalerType: "QUEUE_DELAY",
        scalerValue: 4,
        workersMin: 0,
        workersMax: 1,
      },
      {
        templateId: "t1",
        gpu: { pools: ["HOPPER_80"], count: 1 },
        workers: { min: 0, max: 1 },
        scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
        adopt: "ep2",
      },
      [],
    ],
  ])("%s", (_label, v1, properties, lines) => {
    const expected =
      "endpoints" in v1
        ? Object.fromEntries(
            Object.entries(properties).map(([name, props]) => [
              name,
              { type: "ServerlessEndpoint", properties: { name, type: "QUEUE", ...props } },
            ]),
          )
        : { e: { type: "ServerlessEndpoint", properties: { name: "e", type: "QUEUE", ...properties } } };
    expect(migrateEndpoint(v1)).toEqual({ resources: expected, lines });
  });

  it("selects the pools of the listed GPU types and excludes the pools' types v1 did not list", () => {
    const catalog: MigrationCatalog = { gpuPools: { A: "P1", B: "P1", C: "P2", D: "P1", E: "P3" }, ramGbPerVcpu: {} };
    expect(migrateEndpoint({ name: "e", templateId: "t1", gpuTypeIds: ["C", "A"], workersMin: 0 }, catalog)).toEqual({
      resources: {
        e: {
          type: "ServerlessEndpoint",
          properties: {
            name: "e",
            type: "QUEUE",
            templateId: "t1",
            gpu: { pools: ["P2", "P1"], excludedTypes: ["B", "D"], count: 1 },
            workers: { min: 0, idleTimeout: 5 },
            scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
          },
        },
      },
      lines: [],
    });
  });
});
