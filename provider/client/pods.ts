import { type CreatePodRequest, type Pod, type PodAction, podSchema, type UpdatePodRequest } from "../resources/pod/inputs";
import { CollectionClient } from "./collection";
import { type LogLine, logLines, type LogOptions } from "./logStream";
import type { RequestOptions, Transport } from "./transport";

/** Options of {@link PodsClient.logs}. */
export type PodLogOptions = LogOptions;

/** One line of pod output. */
export type PodLogEntry = LogLine;

/**
 * `/v2/pods`: create, read, update, act on and delete pods. A create is never retried once the request may have
 * reached the server; an update changes a pod in place (see the spec's mount rules for what `mounts` may do); a
 * delete terminates and removes the pod.
 */
export class PodsClient extends CollectionClient<Pod, CreatePodRequest, UpdatePodRequest> {
  constructor(transport: Transport) {
    super(transport, "/v2/pods", "pods", podSchema);
  }

  /**
   * Lists the account's pods.
   * @param options.includeClusterPods Cluster members too. @default false
   */
  override async list(options: { includeClusterPods?: boolean } & RequestOptions = {}): Promise<Pod[]> {
    const { includeClusterPods, ...request } = options;
    return this.listWhere({ includeClusterPods }, request);
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
