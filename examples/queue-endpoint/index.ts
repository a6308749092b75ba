/**
 * queue-endpoint: a queue-based serverless endpoint made from a template whose image is private, checked by a
 * job that runs when it is deployed.
 *
 * Shows a Registry whose password stays secret, a serverless Template that names it, a QUEUE
 * ServerlessEndpoint that takes its image and env from the template (adding one env key of its own) and names
 * the registry itself, so that rotating the credential re-points it in place,
 * and a Job that sends one input through the endpoint's queue and waits for the answer. The job is a smoke test:
 * a handler that fails it fails the deployment. Another input runs a new job.
 *
 * Stack outputs: `endpointId`, `runUrl` (where to POST jobs), `smokeStatus` and `smokeOutput` (the job's answer;
 * the emulator's queue endpoints echo their input) and `smokeWorker`.
 *
 * Stack config:
 *   registryPassword  (required, secret)   rotating it replaces the credential; the template and the
 *                                          endpoint move to the new one in place
 *   maxWorkers        3                    editing it updates the endpoint in place
 *   smokePrompt       "ping"               editing it runs a new smoke job
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();

const registry = new cp.Registry("ghcr", {
  name: "ghcr-acme-workers",
  username: "ci-puller",
  password: config.requireSecret("registryPassword"),
});

const template = new cp.Template("worker", {
  name: "acme-inference-worker",
  image: "ghcr.io/acme/inference-worker:2.1",
  registry: registry.id,
  serverless: true,
  env: { MODEL: "acme-7b", LOG_LEVEL: "info" },
});

const endpoint = new cp.ServerlessEndpoint("inference", {
  name: "acme-inference",
  type: "QUEUE",
  templateId: template.id,
  // Named here too, so that a rotated credential re-points the endpoint in place before the old one is deleted.
  registry: registry.id,
  env: { MAX_BATCH: "8" },
  gpu: { pools: ["ADA_24"], count: 1 },
  workers: { min: 0, max: config.getNumber("maxWorkers") ?? 3, idleTimeout: 30 },
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
});

const smoke = new cp.Job("smoke", {
  endpointId: endpoint.id,
  input: { prompt: config.get("smokePrompt") ?? "ping" },
});

export const endpointId = endpoint.id;
export const runUrl = endpoint.requestUrls.apply((urls) => urls.run);
export const smokeStatus = smoke.status;
export const smokeOutput = smoke.output;
export const smokeWorker = smoke.workerId;
