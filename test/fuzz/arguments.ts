// Generated arguments of each resource kind, near the edge of every rule that `check` states: most fields are valid
// and some are not, in every way the spec names (bounds, types, enums, shapes, rules across fields, misspelt keys).
// Values that only the API's own state decides (catalog ids and what each offers, ids of existing resources) are
// drawn from what the emulator's catalog offers and what `Ids` names, since no `check` can know them.
import * as fc from "fast-check";

/** Ids of resources that exist where the arguments are sent. */
export interface Ids {
  /** A network volume in US-TX-3, where every GPU and CPU the pods use is offered. */
  volumeId: string;
  /** A network volume in EU-SE-1, where cluster nodes are. */
  clusterVolumeId: string;
  registryId: string;
}

/** Placeholders for property tests that send nothing. */
export const PLACEHOLDER_IDS: Ids = { volumeId: "vol-us", clusterVolumeId: "vol-eu", registryId: "reg-1" };

type Value = fc.Arbitrary<unknown>;

/** Mostly one of `valid`, now and then one of `invalid`; `undefined` leaves the field out. */
function field(valid: readonly unknown[] | Value, invalid: readonly unknown[] | Value = []): Value {
  const arbitrary = (values: readonly unknown[] | Value): Value => (Array.isArray(values) ? fc.constantFrom(...values) : (values as Value));
  const invalids = Array.isArray(invalid) && invalid.length === 0 ? [] : [{ weight: 1, arbitrary: arbitrary(invalid) }];
  return fc.oneof({ weight: 12, arbitrary: arbitrary(valid) }, ...invalids);
}

/** An object of the given fields, without those that came out undefined. */
function object(fields: Record<string, Value>): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(fields).map((value) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)));
}

/** Either shape, the second now and then. */
function usually<T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 8, arbitrary: common }, { weight: 1, arbitrary: rare });
}

/** A list of `item`, usually of `usual` entries. */
function list(item: Value, usual: { minLength: number; maxLength: number }, invalid: readonly unknown[] = []): Value {
  return field(
    fc.array(item, usual),
    fc.oneof(fc.array(item, { minLength: 0, maxLength: usual.maxLength + 1 }), ...(invalid.length ? [fc.constantFrom(...invalid)] : [])),
  );
}

const container = {
  image: field(["org/app:1.2"], ["", 7]),
  args: field([undefined, "", "--serve"], [5]),
  disk: field([undefined, 1, 20], [0, 1.5, "20"]),
  env: field([undefined, {}, { MODE: "fast" }], [{ MODE: 1 }, ["MODE=fast"]]),
  ports: field([undefined, [], ["22/tcp", "8888/http"]], [["22/udp"], ["0/tcp"], ["65536/tcp"], "22/tcp"]),
};

const misspelt = (key: string) => ({ [key]: field([undefined], [2]) });

function mounts(volumeId: string): Value {
  const persistent = object({ size: field([10, 50], [9, 10.5, undefined]), path: field(["/data"], ["data", undefined]) });
  const network = object({ volumeId: field([volumeId], ["", undefined]), path: field(["/workspace"], ["workspace", undefined]) });
  return field(
    fc.oneof(fc.constant(undefined), object({ persistent }), object({ network: fc.array(network, { minLength: 0, maxLength: 1 }) })),
    fc.oneof(
      object({ persistent, network: fc.array(network, { minLength: 0, maxLength: 2 }) }),
      object({ network: fc.array(network, { minLength: 2, maxLength: 2 }) }),
      fc.constant({ kind: "persistent" }),
    ),
  );
}

/** `Pod` arguments as a program declares them, without the settings only the provider reads. */
export function podArguments(ids: Ids): fc.Arbitrary<Record<string, unknown>> {
  const gpu = object({
    id: field(["NVIDIA GeForce RTX 4090", "NVIDIA A100 80GB PCIe"], ["", undefined]),
    count: field([undefined, 1, 2], [0, 1.5, "2"]),
    allowedCudaVersions: field([undefined, [], ["12.4"]], [["12"], "12.4"]),
    minCudaVersion: field([undefined, "12.2"], ["12"]),
    ...misspelt("type"),
  });
  const cpu = object({
    id: field(["cpu3c"], ["", undefined]),
    vcpuCount: field([2, 4, 8], [1, 3, 6, 0, 2.5, "4"]),
    memory: field([1, 4], [0, 1.5, undefined]),
    ...misspelt("cores"),
  });
  const gpuPod = object({ gpu, cloud: field([undefined, "SECURE", "COMMUNITY"], ["PRIVATE"]) });
  // CPU pods run only in the SECURE cloud: a catalog fact.
  const cpuPod = object({ cpu, cloud: field([undefined, "SECURE"], ["PRIVATE"]) });
  const compute = usually(fc.oneof(gpuPod, cpuPod), fc.oneof(object({ gpu, cpu }), fc.constant({})));
  const rest = object({
    name: field(["trainer"], ["", 5, undefined]),
    ...container,
    image: field(["org/app:1.2"], ["", 7, undefined]),
    mounts: mounts(ids.volumeId),
    registry: field([undefined, null, ids.registryId], ["", 5]),
    dataCenterIds: field([undefined, ["US-TX-3"]], [[], [""], "US-TX-3"]),
    globalNetworking: field([undefined, true, false], ["yes"]),
    startSsh: field([undefined, true, false], [1]),
    startJupyter: field([undefined, true, false], [null]),
    ...misspelt("gpus"),
  });
  return fc.tuple(rest, compute).map(([pod, chosen]) => ({ ...pod, ...chosen }));
}

/** `Cluster` arguments, without the settings only the provider reads. */
export function clusterArguments(ids: Ids): fc.Arbitrary<Record<string, unknown>> {
  return object({
    name: field(["slurm"], ["", undefined]),
    type: field(["TRAINING", "APPLICATION", "SLURM", "RAY"], ["MPI", undefined]),
    // Cluster nodes of this GPU type: 9 in EU-SE-1, a catalog fact.
    compute: field(
      object({
        gpuTypeId: field(["NVIDIA H100 80GB HBM3"], ["", undefined]),
        gpuCountPerPod: field([1, 8], [0, 1.5, undefined]),
        podCount: field([2, 4], [1, 251, 2.5, undefined]),
        ...misspelt("nodes"),
      }),
      [undefined, "8xH100"],
    ),
    ...container,
    dataCenterIds: field([undefined, ["EU-SE-1"]], [[], [""]]),
    mounts: mounts(ids.clusterVolumeId),
    startSsh: field([undefined, true], ["true"]),
    startJupyter: field([undefined, false], [0]),
    ...misspelt("size"),
  });
}

/** `ServerlessEndpoint` arguments, without the settings only the provider reads. */
export function endpointArguments(ids: Ids): fc.Arbitrary<Record<string, unknown>> {
  const A100 = "NVIDIA A100 80GB PCIe";
  const gpu = object({
    // Both pools, so that excluding the A100 always leaves a type: a catalog fact.
    pools: field([["ADA_24", "AMPERE_80"]], [[], [""], "ADA_24"]),
    excludedTypes: field([undefined, [], [A100]], [[A100, A100], [""], A100]),
    count: field([undefined, 1, 2], [0, 1.5]),
    allowedCudaVersions: field([undefined, [], ["12.4"]], [["12"]]),
    minCudaVersion: field([undefined, "12.4"], ["12"]),
    ...misspelt("type"),
  });
  const cpuConfig = object({ id: field(["cpu3c"], ["", undefined]), vcpuCount: field([2, 4], [3, 1, 2.5, undefined]) });
  const cpu = list(cpuConfig, { minLength: 1, maxLength: 2 }, ["cpu3c"]);
  const compute = usually(fc.oneof(object({ gpu }), object({ cpu })), fc.oneof(object({ gpu, cpu }), fc.constant({})));
  const scaling = field(
    fc.oneof(
      object({ type: fc.constant("QUEUE_DELAY"), queueDelay: field([0.5, 4], [0.4, "4", undefined]) }),
      object({ type: fc.constant("REQUEST_COUNT"), requestCount: field([1, 3], [0, 1.5, undefined]) }),
    ),
    [undefined, { type: "LATENCY", target: 1 }, { type: "REQUEST_COUNT", queueDelay: 4 }],
  );
  const workers = field(
    fc.oneof(
      fc.constant(undefined),
      object({
        min: field([undefined, 0, 1], [-1, 0.5, 4]),
        max: field([undefined, 0, 3, 5], [-1, "3"]),
        idleTimeout: field([undefined, 1, 3600], [0, 3601]),
      }),
    ),
    ["3"],
  );
  const rest = object({
    name: field(["api"], ["", undefined]),
    type: field(["QUEUE", "LOAD_BALANCER"], ["PUSH", undefined]),
    ...container,
    registry: field([undefined, null, ids.registryId], [""]),
    workers,
    scaling,
    dataCenterIds: field([undefined, [], ["US-TX-3"]], [[""]]),
    networkVolumes: field([undefined, []], [[""]]),
    timeout: field([undefined, 1, 600_000], [0, 1.5]),
    flashboot: field([undefined, "OFF", "FLASHBOOT", "PRIORITY_FLASHBOOT"], ["ON"]),
    ...misspelt("replicas"),
  });
  return fc.tuple(rest, compute).map(([endpoint, chosen]) => ({ ...endpoint, ...chosen }));
}

/** `Template` arguments, without the settings only the provider reads. */
export function templateArguments(ids: Ids): fc.Arbitrary<Record<string, unknown>> {
  const persistent = object({ size: field([10, 50], [9, undefined]), path: field(["/data"], ["data", undefined]) });
  return object({
    name: fc
      .stringMatching(/^[a-z0-9-]{1,8}$/)
      .map((suffix) => `base-${suffix}`)
      .chain((name) => field([name], ["", undefined])),
    ...container,
    image: field(["org/base:1"], ["", undefined]),
    registry: field([undefined, null, ids.registryId], [""]),
    mounts: field(
      fc.oneof(fc.constant(undefined), fc.constant({}), object({ persistent })),
      fc.oneof(fc.constant({ network: [{ volumeId: ids.volumeId, path: "/w" }] }), fc.constant({ network: [] })),
    ),
    public: field([undefined, false], ["no"]),
    serverless: field([undefined, false, true], [0]),
    category: field([undefined, "NVIDIA", "AMD", "CPU"], ["TPU"]),
    startSsh: field([undefined, true], ["y"]),
    startJupyter: field([undefined, false], [1]),
    allowedCudaVersions: field([undefined, [], ["12.4", "12.8"]], [["12"], "12.4"]),
    ...misspelt("tags"),
  });
}

/** `NetworkVolume` arguments, without the settings only the provider reads. */
export function volumeArguments(): fc.Arbitrary<Record<string, unknown>> {
  return object({
    name: field(["data"], ["", 3, undefined]),
    size: field([10, 100, 4096], [9, 4097, 10.5, "100", undefined]),
    dataCenter: field(["US-TX-3", "EU-RO-1"], ["", undefined]),
    type: field([undefined, "STANDARD", "HIGH_PERFORMANCE"], ["FAST"]),
    ...misspelt("region"),
  });
}

const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA me@laptop";

/** Arguments of the kinds that the emulator's answer does not judge here, for the property tests of `check`. */
export const otherArguments = {
  Registry: object({
    name: field(["ghcr"], ["", undefined]),
    username: field(["ci"], ["", 1]),
    password: field(["token"], ["", undefined]),
    ...misspelt("url"),
  }),
  RegistryDelegation: object({
    resource: field(
      ["arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer", "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer:v3"],
      ["arn:aws:s3:::bucket", "", undefined],
    ),
    name: field([undefined, null, "trainer"], [4]),
    ...misspelt("tag"),
  }),
  AccountSshKeys: object({
    keys: field(fc.array(fc.constantFrom(KEY, `${KEY} again`, "ssh-rsa AAAAB3NzaC1yc2E other"), { maxLength: 3 }), [
      ["not a key"],
      KEY,
      undefined,
    ]),
    adopt: field([undefined, "account-ssh-keys"], ["mine"]),
  }),
  Job: object({
    endpointId: field(["ep-1"], ["", undefined]),
    input: field([{ prompt: "hi" }, {}], [[], "hi", undefined]),
    timeoutSeconds: field([undefined, 1, 86_400], [0, 86_401, 1.5]),
  }),
  TextToVideoJob: object({
    input: object({
      prompt: field(["A cat on a wave."], ["", "  ", 5, undefined]),
      style: field([undefined, "general", "anime"], ["oil"]),
      duration: field([undefined, 1, 16], [0, 17, 2.5]),
      seed: field([undefined, -1, 42], [-2, 0.5]),
      ...misspelt("fps"),
    }),
    endpointId: field([undefined, "text-to-video"], [""]),
    timeoutSeconds: field([undefined, 600], [0]),
  }),
};
