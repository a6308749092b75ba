import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "./context";
import type { TagSection } from "./http/openapiBuilders";
import type { Operation } from "./http/operation";
import type { CollectionName } from "./store";

/** What `Emulator.snapshot()` shows of a kind: every account's records, rendered as the API would now, under `key`. */
export interface KindSnapshot<Key extends string = string, Shown = unknown> {
  readonly key: Key;
  /** @param baseUrl - the emulator's own URL, which some answers (an endpoint's request URLs) name */
  show(context: EmulatorContext, baseUrl: string): Shown;
}

/**
 * One kind of the API the emulator serves, described once: its collection, its operations, its OpenAPI section and
 * its snapshot. kinds.ts registers every one; the store, the server, the OpenAPI document and the snapshot are
 * derived from that list.
 */
export interface EmulatorKind {
  /** The account collection its records live in, when it has one. */
  readonly collection?: CollectionName;
  /** Its operations, in the order the OpenAPI description lists them. */
  readonly operations: readonly Operation[];
  /** Routes served otherwise than as operations: the load balancer's workers answer any method on any path. */
  readonly routes?: (app: FastifyInstance, context: EmulatorContext) => void;
  readonly openapi: TagSection;
  readonly snapshot?: KindSnapshot;
}
