import type { OwnPackage } from "../ownPackage";

/**
 * The `manifest.yaml` of a scaffolded project: its three workers, serverless endpoints named after the project: a
 * load-balanced one, a GPU queue-based one and a CPU queue-based one, each with a description whose first line
 * `computeplatform dev` shows. Their images are placeholders for the user's own.
 */
export function projectManifest(name: string, own: OwnPackage): string {
  return `# yaml-language-server: $schema=./node_modules/${own.name}/schema/manifest.json
#
# The workers of this project: three serverless endpoints. Each resource has a \`type\`, a \`description\` (its first
# line is the summary \`computeplatform dev\` shows), its \`properties\` (the v2 API's field names) and optional
# Pulumi \`options\`; \${name.field} refers to another resource's output. Replace each image with your worker's.
# The first line lets editors complete and check this file.
#
#   npx pulumi-computeplatform validate manifest.yaml   checks this file
#   npx pulumi-computeplatform dev                      serves the workers on http://localhost:8888, each deployed on its first call
#   npx pulumi-computeplatform up manifest.yaml         deploys them for good
resources:
  lb-worker:
    type: ServerlessEndpoint
    description: |
      Answers HTTP requests straight from CPU workers.
      Load-balanced: a request to /lb-worker/<route> reaches a worker's port 8000 with its method and JSON body as
      they are. Workers answer the health check at /ping.
    properties:
      name: ${name}-lb-worker
      type: LOAD_BALANCER
      image: ghcr.io/your-org/${name}-lb-worker:0.1.0
      ports:
        - 8000/http
      env:
        PORT: "8000"
        PORT_HEALTH: "8000"
      cpu:
        - id: cpu3c
          vcpuCount: 2
      workers:
        min: 0
        max: 2
        idleTimeout: 60
      scaling:
        type: REQUEST_COUNT
        requestCount: 8

  gpu-worker:
    type: ServerlessEndpoint
    description: |
      Runs jobs that need a GPU, one at a time per worker.
      Queue-based: POST /gpu-worker/runsync with {"input": {...}} waits for the job's output; POST /gpu-worker/run
      queues the job and GET /gpu-worker/status/<jobId> reads it.
    properties:
      name: ${name}-gpu-worker
      type: QUEUE
      image: ghcr.io/your-org/${name}-gpu-worker:0.1.0
      gpu:
        pools:
          - ADA_24
        count: 1
      workers:
        min: 0
        max: 2
        idleTimeout: 5
      scaling:
        type: QUEUE_DELAY
        queueDelay: 4

  cpu-worker:
    type: ServerlessEndpoint
    description: |
      Runs jobs that need no GPU, such as preparing inputs.
      Queue-based: POST /cpu-worker/runsync with {"input": {...}} waits for the job's output; POST /cpu-worker/run
      queues the job and GET /cpu-worker/status/<jobId> reads it.
    properties:
      name: ${name}-cpu-worker
      type: QUEUE
      image: ghcr.io/your-org/${name}-cpu-worker:0.1.0
      cpu:
        - id: cpu3c
          vcpuCount: 2
      workers:
        min: 0
        max: 3
        idleTimeout: 5
      scaling:
        type: QUEUE_DELAY
        queueDelay: 4

outputs:
  lbWorkerUrl: \${lb-worker.requestUrls.base}
  gpuWorkerRunSyncUrl: \${gpu-worker.requestUrls.runSync}
  cpuWorkerRunSyncUrl: \${cpu-worker.requestUrls.runSync}
`;
}
