import { type CreatePodRequest, type Pod, type PodAction, podListSchema, podSchema, type UpdatePodRequest } from "../resources/pod/inputs";
import { ApiResource } from "./apiResource";
import { type LogLine, logLines, type LogOptions } from "./logStream";
import type { RequestOptions, Transport } from "./transport";

/** Options of {@link PodsClient.logs}. */
export type PodLogOptions = LogOptions;

/** One line of pod output. */
export type PodLogEntry = LogLine;

/** `/v2/pods`: create, read, update, act on and delete pods. */
export class PodsClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/pods");
  }

  /**
   * Lists the account's pods.
   * @param options.includeClusterPods Cluster members too. @default false
   */
  async list(options: { includeClusterPods?: boolean } & RequestOptions = {}): Promise<Pod[]> {
    const { includeClusterPods, ...request } = options;
    return (await this.transport.get(this.basePath, podListSchema, request, { includeClusterPods })).pods;
  }

  async get(id: string, options?: RequestOptions): Promise<Pod> {
    return this.transport.get(this.at({ id }), podSchema, options);
  }

  /** Creates a pod. Never retried once the request may have reached the server. */
  async create(body: CreatePodRequest, options?: RequestOptions): Promise<Pod> {
    return this.transport.post(this.basePath, body, podSchema, options);
  }

  /** Changes a pod in place; see the spec's mount rules for what `mounts` may do. */
  async update(id: string, body: UpdatePodRequest, options?: RequestOptions): Promise<Pod> {
    return this.transport.patch(this.at({ id }), body, podSchema, options);
  }

  /** Terminates and removes a pod. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }

  /** Requests a state transition; returns the pod when the API answers with it. */
  async action(id: string, action: PodAction, options?: RequestOptions): Promise<Pod | undefined> {
    return this.transport.post(this.at({ id }, "action"), { action }, podSchema, options);
  }

  /**
   * Streams the pod's output (server-sent events) as log entries; a connection dropped mid-stream is opened again
   * after the last entry's id, so that no entry comes twice or goes missing.
   */
  async *logs(id: string, options: PodLogOptions = {}): AsyncGenerator<PodLogEntry> {
    yield* logLines(this.transport, this.at({ id }, "logs"), options);
  }
}
