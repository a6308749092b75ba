import type { z } from "zod";
import { idParameter, listOf, ref, type Schema } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { idParam } from "../http/routing";
import { parseQuery } from "../http/validation";
import type { StockReader } from "../placement/liveStock";

/** One line of the catalog, GPU types or CPU flavors: what its list and its read differ in. */
export interface ProductLine<Offer extends { type: { id: string } }, Query extends z.ZodType, Scope> {
  /** The path segment under `/catalog`, which is also the list's key: `gpus`. */
  segment: string;
  /** The OpenAPI schema of one entry, which also names the operations: `GpuType` gives `listGpuTypes`, `getGpuType`. */
  schemaName: string;
  /** What one entry is called, `GPU type`; an `s` makes the plural. */
  label: string;
  /** What the read's summary adds after its label. @default nothing */
  readNote?: string;
  offers: readonly Offer[];
  /** The query both operations read, and its documented parameters. */
  query: Query;
  parameters: Schema[];
  /** The errors both operations answer; the read adds its 404. */
  errors: Record<number, string>;
  /** The availability a query asks for, or undefined when it asks for none. */
  scope(query: z.output<Query>): Scope | undefined;
  /** Whether the list carries an offer in that scope. @default every offer */
  listed?(offer: Offer, scope: Scope | undefined): boolean;
  render(offer: Offer, scope: Scope | undefined, stock: StockReader): unknown;
}

/** A line's list, `GET /v2/catalog/<segment>`, and its read, `GET /v2/catalog/<segment>/{id}`. */
export function productOperations<Offer extends { type: { id: string } }, Query extends z.ZodType, Scope>(
  line: ProductLine<Offer, Query, Scope>,
): [list: Operation, read: Operation] {
  const { segment, schemaName, label, offers, errors } = line;
  const scopeOf = (query: unknown) => line.scope(parseQuery(line.query, query));
  const list: Operation = {
    method: "GET",
    path: `/catalog/${segment}`,
    spec: {
      operationId: `list${schemaName}s`,
      summary: `List ${label}s`,
      parameters: line.parameters,
      ok: { status: 200, description: `${label}s`, schema: listOf(segment, schemaName) },
      errors,
    },
    async handle(context, request) {
      const scope = scopeOf(request.query);
      const carried = offers.filter((offer) => line.listed?.(offer, scope) ?? true);
      return { [segment]: carried.map((offer) => line.render(offer, scope, context.stock)) };
    },
  };
  const read: Operation = {
    method: "GET",
    path: `/catalog/${segment}/{id}`,
    spec: {
      operationId: `get${schemaName}`,
      summary: `Read a ${label}${line.readNote ?? ""}`,
      parameters: [idParameter(`${label} id`), ...line.parameters],
      ok: { status: 200, description: `The ${label}`, schema: ref(schemaName) },
      errors: { ...errors, 404: `No such ${label}` },
    },
    async handle(context, request) {
      const scope = scopeOf(request.query);
      const id = idParam(request);
      const offer = offers.find((candidate) => candidate.type.id === id);
      if (offer === undefined) throw new Problem(404, `${label} "${id}" not found`);
      return line.render(offer, scope, context.stock);
    },
  };
  return [list, read];
}
