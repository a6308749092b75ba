import type { z } from "zod";
import type { EmulatorContext } from "./context";
import { type Caller, callerOf } from "./http/auth";
import { idParameter, listOf, type OperationSpec, ownResource, ref, type Schema, type TagSection } from "./http/openapiBuilders";
import type { Operation } from "./http/operation";
import { pathsOf } from "./http/operation";
import { Problem } from "./http/problem";
import { idParam } from "./http/routing";
import { parseBody } from "./http/validation";
import type { EmulatorKind, KindSnapshot } from "./kind";
import type { CollectionName, RecordOf, Store } from "./store";

/** What the generic operations of one collection need to know of it. */
export interface CollectionFacts<C extends CollectionName, View> {
  /** The account collection, e.g. `networkVolumes`: also the key of the list answer and of the snapshot. */
  name: C;
  /** Path under `/v2`, e.g. `/network-volumes`; one record is at `${path}/{id}`. */
  path: string;
  /** How problems name one, e.g. `Network volume` in "Network volume abc not found". */
  noun: string;
  /** How the OpenAPI description names one in its errors, e.g. `network volume`. */
  what: string;
  /** The OpenAPI component schema of one, e.g. `NetworkVolume`. */
  schema: string;
  /** The description of the `{id}` path parameter. */
  idDescription: string;
  idOf(record: RecordOf<C>): string;
  /** One record as the API renders it now; `baseUrl` is where the client reached the emulator. */
  view(record: RecordOf<C>, context: EmulatorContext, baseUrl: string): View;
  /** A record the caller may not even see (another account's public template): it answers 404, not 403. */
  hiddenFrom?(record: RecordOf<C>, caller: Caller): boolean;
}

/** What an operation says of itself in the OpenAPI description, beside what the collection gives. */
export interface OperationText {
  operationId: string;
  summary: string;
  description?: string;
  /** The description of its success answer. */
  ok: string;
  errors?: OperationSpec["errors"];
}

/** A create: the body's validator, and the record made of a valid body (after any rule of the kind refused it). */
export interface CreateText<C extends CollectionName, Body extends z.ZodType> extends OperationText {
  /** The component schema of the body, e.g. `CreateNetworkVolumeRequest`. */
  bodySchema: string;
  body: Body;
  /** What is refused before the body is validated (a template's network mount answers 422, not 400). */
  screen?(body: unknown): void;
  make(body: z.output<Body>, context: EmulatorContext, caller: Caller): RecordOf<C>;
}

/** An update: the change's validator, and how a valid change applies to the caller's record. */
export interface UpdateText<C extends CollectionName, Body extends z.ZodType> extends OperationText {
  bodySchema: string;
  body: Body;
  screen?(body: unknown): void;
  apply(record: RecordOf<C>, patch: z.output<Body>, context: EmulatorContext, caller: Caller): void;
}

/** A delete: what it refuses and what goes with the record; by default the record is only dropped. */
export interface DeleteText<C extends CollectionName> extends OperationText {
  remove?(record: RecordOf<C>, context: EmulatorContext, caller: Caller): void;
}

/** The request's own base URL: where the client reached the emulator. */
export function baseUrlOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * A collection of the caller's records and its plain operations: list, get, create, update and delete, each an
 * `Operation` whose OpenAPI entry and answers follow from the collection's facts; a kind writes only what differs.
 */
export function collection<C extends CollectionName, View>(facts: CollectionFacts<C, View>) {
  const { name, path, noun, what, schema } = facts;
  const one = `${path}/{id}`;
  const idParameters = [idParameter(facts.idDescription)];
  const render = (context: EmulatorContext, request: { protocol: string; host: string }) => (record: RecordOf<C>) =>
    facts.view(record, context, baseUrlOf(request));

  /** The caller's record: 404 when no account has it (or the caller may not see it), 403 when another account does. */
  function owned(store: Store, caller: Caller, id: string): RecordOf<C> {
    const record = store.find(name, id);
    if (record === undefined || facts.hiddenFrom?.(record, caller) === true) throw new Problem(404, `${noun} ${id} not found`);
    if (record.account !== caller.account) throw new Problem(403, `${noun} ${id} is not accessible with this API key`);
    return record;
  }

  /** Drops the record from its account's collection. */
  function forget(store: Store, record: RecordOf<C>): void {
    store.account(record.account).records(name).delete(facts.idOf(record));
  }

  /** Drops the record, keeping it among the account's retired ones so that billing still counts what it used. */
  function retire(store: Store, record: RecordOf<C>, removedAt: number): void {
    forget(store, record);
    store.account(record.account).retired(name).push({ record, removedAt });
  }

  /** `GET <path>`: the caller's records. */
  function list(text: OperationText): Operation {
    return {
      method: "GET",
      path,
      spec: { ...specOf(text), ok: { status: 200, description: text.ok, schema: listOf(name, schema) } },
      async handle(context, request) {
        const account = context.store.account(callerOf(request).account);
        return { [name]: [...account.records(name).values()].map(render(context, request)) };
      },
    };
  }

  /** `GET <path>/{id}`: one of the caller's records. */
  function get(text: OperationText): Operation {
    return {
      method: "GET",
      path: one,
      spec: {
        ...specOf(text),
        parameters: idParameters,
        ok: { status: 200, description: text.ok, schema: ref(schema) },
        errors: text.errors ?? ownResource(what, "read"),
      },
      async handle(context, request) {
        return render(context, request)(owned(context.store, callerOf(request), idParam(request)));
      },
    };
  }

  /** `POST <path>`: a new record of the caller's account, answered 201. */
  function create<Body extends z.ZodType>(text: CreateText<C, Body>): Operation {
    return {
      method: "POST",
      path,
      spec: { ...specOf(text), body: text.bodySchema, ok: { status: 201, description: text.ok, schema: ref(schema) } },
      async handle(context, request, reply) {
        const caller = callerOf(request);
        text.screen?.(request.body);
        const record = text.make(parseBody(text.body, request.body), context, caller);
        context.store.account(caller.account).records(name).set(facts.idOf(record), record);
        return reply.code(201).send(render(context, request)(record));
      },
    };
  }

  /** `PATCH <path>/{id}`: a change of one of the caller's records, in place. */
  function update<Body extends z.ZodType>(text: UpdateText<C, Body>): Operation {
    return {
      method: "PATCH",
      path: one,
      spec: {
        ...specOf(text),
        parameters: idParameters,
        body: text.bodySchema,
        ok: { status: 200, description: text.ok, schema: ref(schema) },
      },
      async handle(context, request) {
        const caller = callerOf(request);
        const record = owned(context.store, caller, idParam(request));
        text.screen?.(request.body);
        text.apply(record, parseBody(text.body, request.body), context, caller);
        return render(context, request)(record);
      },
    };
  }

  /** `DELETE <path>/{id}`: one of the caller's records gone, answered 204. */
  function remove(text: DeleteText<C>): Operation {
    return {
      method: "DELETE",
      path: one,
      spec: {
        ...specOf(text),
        parameters: idParameters,
        ok: { status: 204, description: text.ok },
        errors: text.errors ?? ownResource(what, "write"),
      },
      async handle(context, request, reply) {
        const caller = callerOf(request);
        const record = owned(context.store, caller, idParam(request));
        if (text.remove === undefined) forget(context.store, record);
        else text.remove(record, context, caller);
        return reply.code(204).send();
      },
    };
  }

  /** Every account's records, as the snapshot shows them. */
  const snapshot: KindSnapshot<C, View[]> = {
    key: name,
    show: (context, baseUrl) =>
      context.store
        .allAccounts()
        .flatMap((account) => [...account.records(name).values()].map((record) => facts.view(record, context, baseUrl))),
  };

  /** The kind's description: its operations, served and documented under one OpenAPI tag with its schemas. */
  function kind(
    tag: TagSection["tag"],
    operations: readonly Operation[],
    schemas: Record<string, Schema>,
  ): EmulatorKind & { collection: C; snapshot: KindSnapshot<C, View[]> } {
    return { collection: name, operations, openapi: { tag, schemas, paths: pathsOf(tag.name, operations) }, snapshot };
  }

  return { name, idParameters, owned, forget, retire, list, get, create, update, delete: remove, kind };
}

function specOf(text: OperationText): Omit<OperationSpec, "ok"> {
  const { ok: _ok, ...spec } = text;
  return spec;
}
