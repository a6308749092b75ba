import { isDotSegment } from "./pathEscape";
import type { Transport } from "./transport";

/** One segment of a path: a fixed name, or an id given as `{ field: value }` so that a refusal can name the field. */
export type PathSegment = string | Readonly<Record<string, string>>;

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

  /**
   * The path below the collection, each id percent-encoded: `at({ id }, "pods")` is `/v2/clusters/{id}/pods`.
   * @throws RangeError naming the field, before anything is sent, for an id that is empty, `.` or `..`: the URL would
   *   resolve onto another path (`clusters.pods("..")` would list every pod).
   */
  protected at(...segments: PathSegment[]): string {
    return [this.basePath, ...segments.map((segment) => (typeof segment === "string" ? segment : encodedId(segment)))].join("/");
  }
}

function encodedId(named: Readonly<Record<string, string>>): string {
  const [field, id] = Object.entries(named)[0]!;
  if (id === "" || isDotSegment(id)) throw new RangeError(`${field}: ${JSON.stringify(id)} is not an id; nothing was sent`);
  return encodeURIComponent(id);
}
