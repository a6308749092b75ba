// What each kind brings to the tests that run over every kind in the registry: the contract every kind keeps, and the
// conformance of every request the package sends.
import type { KindName } from "../../provider/kindRegistry";
import type { Properties } from "../../provider/plugin/properties";
import type { Failure } from "./servingPaths";
import type { WireRequest } from "./wireRecorder";

const SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP a@computeplatform.test";
const OTHER_SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDZHiKwypbiqN9B2YcG24m0FMbMVQWYN5vaI0QjO0sJI b@computeplatform.test";
/** Stands in for the id of a queue endpoint made for the suite, which jobs run on. */
export const ECHO_ENDPOINT = "(the echo endpoint)";

/** What one kind brings to the contract. */
export interface Fixture {
  /** Valid arguments to create it with. */
  args: Properties;
  /** A change that `check` refuses, and the one failure it reports. */
  invalid: { change: Properties; failure: Failure };
  /** A change that replaces the resource, and the replace list the diff gives. */
  replace: { change: Properties; replaces: string[] };
  /** A change made in place, and the one write it sends for resource `id`; absent when the API changes nothing in place. */
  inPlace?: { change: Properties; write(id: string): WireRequest };
  /** Where the API keeps each resource of the kind; absent when it has no record there of its own (the account's keys, jobs). */
  collection?: string;
  /** Whether the kind takes `adopt: <id>`. */
  adoptable: boolean;
}

/** One fixture per kind: the compiler asks for one more when a kind joins the registry. */
export const fixtures: Record<KindName, Fixture> = {
  NetworkVolume: {
    args: { name: "data", size: 20, dataCenter: "US-TX-3" },
    invalid: {
      change: { type: "FAST" },
      failure: { property: "type", reason: 'Invalid option: expected one of "STANDARD"|"HIGH_PERFORMANCE"' },
    },
    replace: { change: { dataCenter: "EU-RO-1" }, replaces: ["dataCenter"] },
    inPlace: { change: { size: 30 }, write: (id) => ({ method: "PATCH", path: `/v2/network-volumes/${id}`, body: { size: 30 } }) },
    collection: "/v2/network-volumes",
    adoptable: true,
  },
  Registry: {
    args: { name: "private", username: "robot", password: "hunter2" },
    invalid: { change: { name: "" }, failure: { property: "name", reason: "Too small: expected string to have >=1 characters" } },
    replace: { change: { password: "hunter3" }, replaces: ["password"] },
    collection: "/v2/registries",
    adoptable: true,
  },
  RegistryDelegation: {
    args: { resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer" },
    invalid: {
      change: { resource: "arn:aws:s3:::bucket" },
      failure: {
        property: "resource",
        reason: "must be an ECR repository ARN: arn:aws:ecr:<region>:<12-digit account id>:repository/<name>[:<tag>]",
      },
    },
    replace: { change: { resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/server" }, replaces: ["resource"] },
    collection: "/v2/registries/delegations",
    adoptable: true,
  },
  Template: {
    args: { name: "base", image: "org/base:1", mounts: { persistent: { size: 20, path: "/workspace" } } },
    invalid: { change: { disk: -1 }, failure: { property: "disk", reason: "Too small: expected number to be >=1" } },
    replace: { change: { mounts: {} }, replaces: ["mounts"] },
    inPlace: {
      change: { image: "org/base:2" },
      write: (id) => ({ method: "PATCH", path: `/v2/templates/${id}`, body: { image: "org/base:2" } }),
    },
    collection: "/v2/templates",
    adoptable: true,
  },
  Pod: {
    args: { name: "trainer", image: "org/trainer:1", gpu: { id: "NVIDIA L40S", count: 1 }, env: { TOKEN: "t" } },
    invalid: {
      change: { gpu: { id: "NVIDIA L40S", count: 0 } },
      failure: { property: "gpu.count", reason: "Too small: expected number to be >=1" },
    },
    replace: { change: { cloud: "COMMUNITY" }, replaces: ["cloud"] },
    inPlace: {
      change: { image: "org/trainer:2" },
      write: (id) => ({ method: "PATCH", path: `/v2/pods/${id}`, body: { image: "org/trainer:2" } }),
    },
    collection: "/v2/pods",
    adoptable: true,
  },
  Cluster: {
    args: {
      name: "hpc",
      type: "SLURM",
      compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 },
      image: "org/slurm:24",
    },
    invalid: {
      change: { type: "K8S" },
      failure: { property: "type", reason: 'Invalid option: expected one of "TRAINING"|"APPLICATION"|"SLURM"|"RAY"' },
    },
    replace: { change: { image: "org/slurm:25" }, replaces: ["image"] },
    inPlace: { change: { name: "hpc-2" }, write: (id) => ({ method: "PATCH", path: `/v2/clusters/${id}`, body: { name: "hpc-2" } }) },
    collection: "/v2/clusters",
    adoptable: true,
  },
  ServerlessEndpoint: {
    args: {
      name: "api",
      type: "QUEUE",
      image: "org/api:1",
      cpu: [{ id: "cpu3c", vcpuCount: 2 }],
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    },
    invalid: {
      change: { cpu: [{ id: "cpu3c", vcpuCount: 6 }] },
      failure: { property: "cpu[0].vcpuCount", reason: "must be a power of two (2, 4, 8, ...)" },
    },
    replace: { change: { type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 10 } }, replaces: ["type"] },
    inPlace: {
      change: { image: "org/api:2" },
      write: (id) => ({ method: "PATCH", path: `/v2/serverless/${id}`, body: { image: "org/api:2" } }),
    },
    collection: "/v2/serverless",
    adoptable: true,
  },
  AccountSshKeys: {
    args: { keys: [SSH_KEY], adopt: "account-ssh-keys" },
    invalid: {
      change: { keys: ["not a key"] },
      failure: {
        property: "keys[0]",
        reason: 'must be one authorized_keys line: "<type> <base64-key> [comment]", the type starting ssh-, ecdsa- or sk-',
      },
    },
    replace: { change: {}, replaces: [] },
    inPlace: {
      change: { keys: [SSH_KEY, OTHER_SSH_KEY] },
      write: () => ({ method: "PUT", path: "/v2/account/ssh-keys", body: { keys: [SSH_KEY, OTHER_SSH_KEY] } }),
    },
    adoptable: true,
  },
  Job: {
    args: { endpointId: ECHO_ENDPOINT, input: { n: 1 } },
    invalid: { change: { timeoutSeconds: 0 }, failure: { property: "timeoutSeconds", reason: "Too small: expected number to be >=1" } },
    replace: { change: { input: { n: 2 } }, replaces: ["input"] },
    adoptable: false,
  },
  TextToVideoJob: {
    args: { input: { prompt: "a fox", duration: 5 } },
    invalid: { change: { input: { prompt: "", duration: 5 } }, failure: { property: "input.prompt", reason: "must not be empty" } },
    replace: { change: { input: { prompt: "a hare", duration: 5 } }, replaces: ["input"] },
    adoptable: false,
  },
};
