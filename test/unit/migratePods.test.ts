import { describe, expect, it } from "vitest";
import { migrateV1 } from "../../cli/migrate/convert";
import { formatWarning } from "../../cli/migrate/warnings";
import { podInputsSchema } from "../../provider/resources/pod/inputs";

/** The one pod migrated from `v1`, checked against the v2 Pod arguments, and the stderr lines. */
function migratePod(v1: object) {
  const { document, warnings } = migrateV1(v1);
  const resources = Object.entries(document.resources);
  for (const [, resource] of resources) expect(podInputsSchema.safeParse(resource.properties).error).toBeUndefined();
  return { resources: JSON.parse(JSON.stringify(Object.fromEntries(resources))), lines: warnings.map(formatWarning) };
}

const gpu = { imageName: "org/trainer:1.2", gpuTypeIds: ["NVIDIA A40"] };
const v1BodyDefaults = {
  mounts: { persistent: { size: 20, path: "/workspace" } },
  disk: 50,
  ports: ["8888/http", "22/tcp"],
};
const a40 = { id: "NVIDIA A40", count: 1 };
const subject = 'pods[0] (name "p")';

describe("migrating a v1 pod", () => {
  it.each([
    [
      "a minimal GPU create body, with the disk, ports and pod volume v1 gave it",
      { name: "p", ...gpu },
      { image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults },
      [],
    ],
    [
      "every GPU create field that has a v2 place",
      {
        name: "p",
        ...gpu,
        computeType: "GPU",
        cloudType: "COMMUNITY",
        gpuCount: 4,
        allowedCudaVersions: ["12.4", "12.6"],
        containerDiskInGb: 80,
        volumeInGb: 200,
        volumeMountPath: "/data",
        dockerStartCmd: ["python", "train.py", "--name", "first run"],
        env: { MODE: "train", RETRIES: 3, VERBOSE: true },
        ports: "8888/http, 22/tcp",
        containerRegistryAuthId: "reg1",
        dataCenterIds: ["US-TX-3", "EU-RO-1"],
        dataCenterPriority: "custom",
        globalNetworking: true,
        locked: true,
      },
      {
        image: "org/trainer:1.2",
        gpu: { id: "NVIDIA A40", count: 4, allowedCudaVersions: ["12.4", "12.6"] },
        mounts: { persistent: { size: 200, path: "/data" } },
        cloud: "COMMUNITY",
        args: "python train.py --name 'first run'",
        disk: 80,
        env: { MODE: "train", RETRIES: "3", VERBOSE: "true" },
        ports: ["8888/http", "22/tcp"],
        registry: "reg1",
        dataCenterIds: ["US-TX-3", "EU-RO-1"],
        globalNetworking: true,
        locked: true,
      },
      [],
    ],
    [
      "a GPU fallback list, taking the first",
      { name: "p", ...gpu, gpuTypeIds: ["NVIDIA A40", "NVIDIA L40S", "NVIDIA RTX A6000"], gpuTypePriority: "custom" },
      { image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults },
      [
        `warning: ${subject}: "gpuTypeIds" lists fallbacks, which v2 does not have: gpu.id is "NVIDIA A40"; dropped "NVIDIA L40S", "NVIDIA RTX A6000"`,
      ],
    ],
    [
      "settings v2 has no place for, and values that set nothing",
      {
        name: "p",
        ...gpu,
        interruptible: true,
        countryCodes: ["US"],
        supportPublicIp: true,
        minRAMPerGPU: 16,
        minVCPUPerGPU: 4,
        minDownloadMbps: 100,
        minUploadMbps: 50,
        minDiskBandwidthMBps: 200,
        dockerEntrypoint: ["/bin/sh"],
        volumeEncrypted: true,
        bidPerGpu: 0.2,
        volumeKey: "k",
        dataCenterPriority: "availability",
        cpuFlavorPriority: null,
        minVcpuCount: 0,
        countryCode: "",
      },
      { image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults },
      [
        `warning: ${subject}: "interruptible" has no v2 equivalent; dropped`,
        `warning: ${subject}: "countryCodes" has no v2 equivalent; dropped`,
        `warning: ${subject}: "supportPublicIp" has no v2 equivalent; dropped`,
        `warning: ${subject}: "minRAMPerGPU" has no v2 equivalent; dropped`,
        `warning: ${subject}: "minVCPUPerGPU" has no v2 equivalent; dropped`,
        `warning: ${subject}: "minDownloadMbps" has no v2 equivalent; dropped`,
        `warning: ${subject}: "minUploadMbps" has no v2 equivalent; dropped`,
        `warning: ${subject}: "minDiskBandwidthMBps" has no v2 equivalent; dropped`,
        `warning: ${subject}: "dockerEntrypoint" has no v2 equivalent; dropped`,
        `warning: ${subject}: "volumeEncrypted" has no v2 equivalent; dropped`,
        `warning: ${subject}: "bidPerGpu" has no v2 equivalent; dropped`,
        `warning: ${subject}: "volumeKey" has no v2 equivalent; dropped`,
      ],
    ],
    [
      "a data center priority by availability beside data centers",
      { name: "p", ...gpu, dataCenterIds: "US-TX-3,EU-RO-1", dataCenterPriority: "availability" },
      { image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults, dataCenterIds: ["US-TX-3", "EU-RO-1"] },
      [`warning: ${subject}: "dataCenterPriority" "availability" has no v2 equivalent: v2 tries dataCenterIds in the order given; dropped`],
    ],
    [
      "values below v2's minimums, and entries v2 refuses",
      {
        name: "p",
        ...gpu,
        gpuCount: 0,
        containerDiskInGb: 0,
        volumeInGb: 5,
        ports: ["8888/http", "53/udp"],
        allowedCudaVersions: ["12.4", "twelve"],
      },
      {
        image: "org/trainer:1.2",
        gpu: { id: "NVIDIA A40", count: 1, allowedCudaVersions: ["12.4"] },
        mounts: { persistent: { size: 10, path: "/workspace" } },
        disk: 1,
        ports: ["8888/http"],
      },
      [
        `warning: ${subject}: "containerDiskInGb" 0 is below the v2 minimum of 1; disk is 1`,
        `warning: ${subject}: "ports" entry "53/udp" is not "<port>/http" or "<port>/tcp"; dropped`,
        `warning: ${subject}: "gpuCount" 0 is below the v2 minimum of 1; gpu.count is 1`,
        `warning: ${subject}: "allowedCudaVersions" entry "twelve" is not a CUDA version like 12.4; dropped`,
        `warning: ${subject}: "volumeInGb" 5 is below the v2 minimum of 10; mounts.persistent.size is 10`,
      ],
    ],
    [
      "values of the wrong shape",
      { name: "p", ...gpu, cloudType: "PRIVATE", dockerStartCmd: 42, env: "A=1", locked: "yes", gpuCount: "2" },
      { image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults },
      [
        `warning: ${subject}: "dockerStartCmd" is not a list of strings; dropped`,
        `warning: ${subject}: "env" is neither an object nor a list of {key, value}; dropped`,
        `warning: ${subject}: "gpuCount" is not a whole number; dropped`,
        `warning: ${subject}: "cloudType" is "PRIVATE", not one of SECURE, COMMUNITY; dropped`,
        `warning: ${subject}: "locked" is not true or false; dropped`,
      ],
    ],
    [
      "env as a list of {key, value}, a start command as one string, no pod volume",
      {
        name: "p",
        ...gpu,
        env: [
          { key: "A", value: "1" },
          { key: "B", value: { nested: true } },
        ],
        dockerStartCmd: "python app.py",
        volumeInGb: 0,
      },
      { image: "org/trainer:1.2", gpu: a40, args: "python app.py", disk: 50, env: { A: "1" }, ports: ["8888/http", "22/tcp"] },
      [`warning: ${subject}: "env" entry "B" is not a string; dropped`],
    ],
    [
      "env values whose names look secret, read from stack config",
      { name: "p", ...gpu, env: { HF_TOKEN: "hf_x", DB_PASSWORD: "pw", EMPTY_TOKEN: "", PUBLIC_KEY: "ssh-ed25519 AAAA" } },
      {
        image: "org/trainer:1.2",
        gpu: a40,
        ...v1BodyDefaults,
        env: { HF_TOKEN: "${config.pHfToken}", DB_PASSWORD: "${config.pDbPassword}", EMPTY_TOKEN: "", PUBLIC_KEY: "ssh-ed25519 AAAA" },
      },
      [
        `note: ${subject}: env HF_TOKEN looks like a secret, so it is read from stack config; run: pulumi config set --secret pHfToken <value>`,
        `note: ${subject}: env DB_PASSWORD looks like a secret, so it is read from stack config; run: pulumi config set --secret pDbPassword <value>`,
      ],
    ],
    [
      "a network volume, beside which a pod volume is ignored",
      { name: "p", ...gpu, networkVolumeId: "vol1", volumeInGb: 50 },
      {
        image: "org/trainer:1.2",
        gpu: a40,
        mounts: { network: [{ volumeId: "vol1", path: "/workspace" }] },
        disk: 50,
        ports: ["8888/http", "22/tcp"],
      },
      [`warning: ${subject}: "volumeInGb" is ignored beside a network volume, as v1 did; dropped`],
    ],
    [
      "a pod made from a template, which fills what the body leaves out",
      { name: "p", templateId: "tmpl1", gpuTypeIds: ["NVIDIA A40"], cloudType: "SECURE" },
      { templateId: "tmpl1", gpu: a40, cloud: "SECURE" },
      [],
    ],
    [
      "a body without a name, GPU type or image",
      { computeType: "GPU", cloudType: "SECURE" },
      { gpu: { id: "${config.myPodGpuType}", count: 1 }, image: "${config.myPodImage}", cloud: "SECURE", ...v1BodyDefaults },
      [
        "note: pods[0]: v1 names no GPU type, which v2 requires; run: pulumi config set myPodGpuType <GPU type id>",
        "note: pods[0]: v1 names neither an image nor a template, and v2 requires one; run: pulumi config set myPodImage <image reference>",
      ],
    ],
  ])("%s", (_label, v1, properties, lines) => {
    const name = "name" in v1 ? "p" : "my-pod";
    const displayName = "name" in v1 ? "p" : "my pod";
    expect(migratePod(v1)).toEqual({ resources: { [name]: { type: "Pod", properties: { name: displayName, ...properties } } }, lines });
  });

  it.each([
    [
      "a CPU create body, with the memory v1 derived from the flavor",
      { name: "p", imageName: "org/etl:1", computeType: "CPU", cpuFlavorIds: ["cpu3g"], vcpuCount: 4 },
      { cpu: { id: "cpu3g", vcpuCount: 4, memory: 16 }, disk: 50, ports: ["8888/http", "22/tcp"] },
      [],
    ],
    [
      "a CPU body told by its flavors, with v1's 2 vCPUs, fallbacks and GPU settings",
      {
        name: "p",
        imageName: "org/etl:1",
        cpuFlavorIds: ["cpu3c", "cpu5c"],
        cpuFlavorPriority: "custom",
        gpuCount: 1,
        allowedCudaVersions: ["12.4"],
      },
      { cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 }, disk: 50, ports: ["8888/http", "22/tcp"] },
      [
        `warning: ${subject}: "cpuFlavorIds" lists fallbacks, which v2 does not have: cpu.id is "cpu3c"; dropped "cpu5c"`,
        `warning: ${subject}: "gpuCount" applies only to GPU pods; dropped`,
        `warning: ${subject}: "allowedCudaVersions" applies only to GPU pods; dropped`,
      ],
    ],
    [
      "a flavor the catalog does not know, a vCPU count v2 refuses, and a pod volume",
      { name: "p", imageName: "org/etl:1", computeType: "CPU", cpuFlavorIds: ["cpu3m"], vcpuCount: 6, volumeInGb: 20 },
      { cpu: { id: "cpu3m", vcpuCount: 8, memory: 16 }, disk: 50, ports: ["8888/http", "22/tcp"] },
      [
        `warning: ${subject}: "vcpuCount" 6 is not a power of two of at least 2, as v2 requires; cpu.vcpuCount is 8`,
        `warning: ${subject}: the RAM per vCPU of CPU flavor "cpu3m" is not known here; cpu.memory is 16 (2 GB per vCPU), check it`,
        `warning: ${subject}: "volumeInGb" is a pod volume, which v2 CPU pods cannot have; dropped (mount a network volume instead)`,
      ],
    ],
    [
      "a CPU body without a flavor",
      { name: "p", imageName: "org/etl:1", computeType: "CPU" },
      { cpu: { id: "${config.pCpuFlavor}", vcpuCount: 2, memory: 4 }, disk: 50, ports: ["8888/http", "22/tcp"] },
      [
        `note: ${subject}: v1 names no CPU flavor, which v2 requires; run: pulumi config set pCpuFlavor <CPU flavor id>`,
        `warning: ${subject}: the RAM per vCPU of CPU flavor "\${config.pCpuFlavor}" is not known here; cpu.memory is 4 (2 GB per vCPU), check it`,
      ],
    ],
    [
      "a GPU body with CPU settings",
      { name: "p", ...gpu, cpuFlavorIds: ["cpu3c"], vcpuCount: 4 },
      { image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults },
      [
        `warning: ${subject}: "cpuFlavorIds" applies only to CPU pods; dropped`,
        `warning: ${subject}: "vcpuCount" applies only to CPU pods; dropped`,
      ],
    ],
  ])("%s", (_label, v1, properties, lines) => {
    expect(migratePod(v1)).toEqual({
      resources: { p: { type: "Pod", properties: { name: "p", image: v1.imageName, ...properties } } },
      lines,
    });
  });

  const gpuResponse = {
    id: "pod1",
    name: "p",
    image: "org/trainer:1.2",
    desiredStatus: "EXITED",
    adjustedCostPerHr: 0,
    costPerHr: 0,
    consumerUserId: "user_1",
    containerDiskInGb: 50,
    dockerEntrypoint: [],
    dockerStartCmd: [],
    endpointId: null,
    aiApiId: null,
    slsVersion: 0,
    env: { MODE: "train", PUBLIC_KEY: "ssh-ed25519 AAAA", JUPYTER_PASSWORD: "generated" },
    gpu: { id: "NVIDIA A40", count: 2, displayName: "A40", securePrice: 0.4, communityPrice: 0.35 },
    interruptible: false,
    lastStartedAt: "2024-07-12T19:14:40.144Z",
    lastStatusChange: "Exited by user",
    locked: false,
    machine: { gpuTypeId: "NVIDIA A40", dataCenterId: "US-TX-3", secureCloud: true },
    machineId: "m1",
    memoryInGb: 62,
    vcpuCount: 24,
    networkVolume: { id: "vol1", name: "data", size: 100, dataCenterId: "US-TX-3" },
    portMappings: { "22": 10341 },
    ports: ["22/tcp"],
    publicIp: "100.65.0.119",
    savingsPlans: [{ id: "sp1", costPerHr: 0.2 }],
    templateId: null,
    volumeEncrypted: false,
    volumeInGb: 0,
    volumeMountPath: "/workspace",
  };

  it.each([
    [
      "a GPU pod of a list response: adopted, its read-outs and service-injected env dropped quietly, no v1 defaults",
      gpuResponse,
      {
        image: "org/trainer:1.2",
        gpu: { id: "NVIDIA A40", count: 2 },
        mounts: { network: [{ volumeId: "vol1", path: "/workspace" }] },
        disk: 50,
        env: { MODE: "train" },
        ports: ["22/tcp"],
        locked: false,
        desiredStatus: "EXITED",
        adopt: "pod1",
      },
      [],
    ],
    [
      "a CPU pod of a list response, with its reported memory",
      { id: "pod2", name: "p", image: "org/etl:1", cpuFlavorId: "cpu3c", vcpuCount: 4, memoryInGb: 7.5, volumeInGb: 0, ports: [] },
      { image: "org/etl:1", cpu: { id: "cpu3c", vcpuCount: 4, memory: 7 }, ports: [], adopt: "pod2" },
      [],
    ],
  ])("%s", (_label, v1, properties, lines) => {
    expect(migratePod(v1)).toEqual({ resources: { p: { type: "Pod", properties: { name: "p", ...properties } } }, lines });
  });

  it.each([
    [
      "a serverless worker",
      { ...gpuResponse, endpointId: "ep1", aiApiId: "ep1" },
      [`warning: ${subject}: is a worker of serverless endpoint "ep1", which manages it; skipped`],
    ],
    [
      "a worker named by the legacy field only",
      { ...gpuResponse, aiApiId: "ep1" },
      [`warning: ${subject}: is a worker of serverless endpoint "ep1", which manages it; skipped`],
    ],
    ["a terminated pod", { ...gpuResponse, desiredStatus: "TERMINATED" }, [`warning: ${subject}: is TERMINATED; skipped`]],
  ])("skips %s", (_label, v1, lines) => {
    expect(migratePod([v1, { name: "kept", ...gpu }])).toEqual({
      resources: { kept: { type: "Pod", properties: { name: "kept", image: "org/trainer:1.2", gpu: a40, ...v1BodyDefaults } } },
      lines,
    });
  });
});
