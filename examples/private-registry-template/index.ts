/**
 * private-registry-template: a private image, pulled with a registry credential, packaged as a template
 * that a pod starts from.
 *
 * Shows a Registry whose username and password stay secret (in state, logs and errors), a Template that
 * names it together with the image, disk, ports, env and a persistent mount, and a GPU pod that takes all of
 * that from the template and adds one env key of its own. The pod names the registry as well: when the
 * credential is rotated (a new Registry replaces the old one), the pod is re-pointed in place before the old
 * credential is deleted, which the service refuses while a pod still uses it.
 *
 * Stack outputs: `templateId`, `podImage` (the image the pod took from the template) and `podEnvKeys`
 * (the template's keys merged with the pod's own and the ones the service injected).
 *
 * Stack config:
 *   registryPassword  (required, secret)                  rotating it replaces the credential
 *   registryUsername  "ci-puller"                         editing it replaces the credential
 *   imageTag          "1.4"                               editing it updates the template in place; the
 *                                                          running pod keeps the image it started with
 *   gpuType           "NVIDIA RTX A6000"                  editing it replaces the pod
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();

const registry = new cp.Registry("ghcr", {
  name: "ghcr-acme",
  username: config.get("registryUsername") ?? "ci-puller",
  password: config.requireSecret("registryPassword"),
});

const template = new cp.Template("trainer", {
  name: "acme-trainer",
  image: `ghcr.io/acme/trainer:${config.get("imageTag") ?? "1.4"}`,
  registry: registry.id,
  disk: 40,
  ports: ["22/tcp", "8888/http"],
  env: { HF_HOME: "/workspace/hf", TOKENIZERS_PARALLELISM: "false" },
  mounts: { persistent: { size: 50, path: "/workspace" } },
  // A batch trainer: SSH in to debug (the account's keys), no notebook server.
  startSsh: true,
  startJupyter: false,
});

const pod = new cp.Pod("trainer", {
  name: "acme-trainer",
  templateId: template.id,
  registry: registry.id,
  gpu: { id: config.get("gpuType") ?? "NVIDIA RTX A6000" },
  env: { RUN_NAME: "nightly" },
});

export const templateId = template.id;
export const podImage = pod.image;
export const podEnvKeys = pulumi.unsecret(pod.env).apply((env) => Object.keys(env).sort());
