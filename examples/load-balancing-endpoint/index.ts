/**
 * load-balancing-endpoint: a serverless endpoint that sends HTTP requests straight to its workers.
 *
 * Shows a LOAD_BALANCER ServerlessEndpoint made from container details: CPU workers, scaled on the number of
 * requests each worker has in flight (the only scaler a load-balancing endpoint takes), with the worker's HTTP
 * port and health check path set through `env`. Worker bounds and the scaling target change in place; `type`
 * or a switch to GPUs would replace the endpoint.
 *
 * Stack outputs: `baseUrl` (requests go to paths below it), `healthUrl` and `workers` (the bounds).
 *
 * Stack config:
 *   maxWorkers          4     editing it updates the endpoint in place
 *   requestsPerWorker   16    editing it updates the endpoint in place
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();

const api = new cp.ServerlessEndpoint("api", {
  name: "acme-embeddings-api",
  type: "LOAD_BALANCER",
  image: "ghcr.io/acme/embeddings-api:3.0",
  ports: ["8000/http"],
  env: { PORT: "8000", PORT_HEALTH: "8000", HEALTH_CHECK_PATH: "/ping" },
  cpu: [{ id: "cpu3c", vcpuCount: 4 }],
  workers: { min: 1, max: config.getNumber("maxWorkers") ?? 4 },
  scaling: { type: "REQUEST_COUNT", requestCount: config.getNumber("requestsPerWorker") ?? 16 },
});

export const baseUrl = api.requestUrls.apply((urls) => urls.base);
export const healthUrl = api.requestUrls.apply((urls) => urls.health);
export const workers = api.workers;
