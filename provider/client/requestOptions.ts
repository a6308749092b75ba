/** Per-call options, the last parameter of every client method. */
export interface RequestOptions {
  /** Aborts the call, and any wait inside it (a backoff, a `Retry-After`, a poll). */
  signal?: AbortSignal;
  /**
   * When the caller stops caring, in ms since the epoch by the client's clock: until then, failures that would pass
   * are ridden out instead of giving up after a fixed number of tries: 429s, each waited out to its `Retry-After`;
   * 5xx answers and dropped connections on calls harmless to repeat; answers cut off. A failure whose next try could
   * only start after the deadline surfaces at once. Without one, a call keeps trying for `retry.callTimeoutMs` (by
   * default 120000 ms from its start).
   * @example client.clock.now() + readyTimeoutSeconds * 1000
   */
  deadline?: number;
  /**
   * Longest wait for each try's answer to begin (its headers), in ms, from 1.
   * @default 60000; a call the API holds open (a sync job wait) allows for its wait instead
   */
  timeout?: number;
}
