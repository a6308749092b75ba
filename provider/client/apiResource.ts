import type { Transport } from "./transport";

/** The base of the per-resource clients: the transport their operations go through, and where they live in the API. */
export abstract class ApiResource {
  /**
   * @param transport Sends, retries and checks every call of the resource.
   * @param basePath The resource's collection, such as `/v2/pods`.
   */
  constructor(
    protected readonly transport: Transport,
    protected readonly basePath: string,
  ) {}

  /** The path below the collection, each segment URL-encoded: `at(id, "pods")` is `/v2/clusters/{id}/pods`. */
  protected at(...segments: string[]): string {
    return [this.basePath, ...segments.map(encodeURIComponent)].join("/");
  }
}
