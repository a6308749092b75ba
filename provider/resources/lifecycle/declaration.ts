import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import type { ComputePlatformClient } from "../../client";
import type { PlacementScope } from "../../placement/placeOnCandidates";
import type { GpuConfiguration } from "../../placement/candidates";
import type { Named } from "../autoName";

/**
 * What a change of one argument does to the resource:
 * - `inPlace`: it is sent in the PATCH body;
 * - `replaces`: a new resource is created and the old one deleted;
 * - `replacesWhen`: it replaces only when the predicate says so (as a pod's data centers do when the one it runs in
 *   is no longer among them), and is otherwise no change at all;
 * - `inPlaceUnless`: it is sent in the PATCH body, except when the predicate says that it replaces (as removing a
 *   template's persistent mount does, or a pod's mount of another kind);
 * - `createOnly`: it is read when the resource is created (or adopted) and never compared again, such as `adopt`
 *   or the deadline input.
 */
export type Fate<Olds, News> =
  | { readonly kind: "inPlace" }
  | { readonly kind: "replaces" }
  | { readonly kind: "replacesWhen"; readonly when: (olds: Olds, news: News) => boolean; readonly cases?: string }
  | { readonly kind: "inPlaceUnless"; readonly when: (olds: Olds, news: News) => boolean; readonly cases?: string }
  | { readonly kind: "createOnly" };

/** The cases in which a conditional fate replaces, in words that follow "when", for the field's doc. */
export interface Cases {
  readonly cases?: string;
}

/**
 * How a value is kept from view. There is no output-only level: the engine would keep the argument in plain text
 * in state's inputs, in its backups and history, and in `preview --diff`.
 * - `inputAndOutput`: the argument and its output are secrets, so they are never plain text in state or in `dev`'s cache;
 * - `configOnly`: as `inputAndOutput`, and a manifest must take it from stack config, never write it down.
 */
export type Secrecy = "inputAndOutput" | "configOnly";

/** Everything declared about one argument. */
export interface Field<Olds, News> {
  readonly fate: Fate<Olds, News>;
  /** Absent for a value that is no secret. */
  readonly secret?: Secrecy;
  /** The value `check` puts in when the argument is left out; the same as the `@default` of its TSDoc. */
  readonly default?: unknown;
  /** The defaults of the argument's own fields, which `check` puts in where the argument is given. */
  readonly within?: NestedDefaults;
  /**
   * Whether the argument differs from what state recorded, for a field that the service reports in another form
   * (a pod's `globalNetworking.enabled`) or with values of its own (the keys it injects into env).
   * @default deep inequality of the recorded output and the argument
   */
  readonly changed?: (olds: Olds, news: News) => boolean;
  /**
   * The service never reports the field back: state keeps the argument beside the live fields (and a refresh
   * hands it back as declared), and `adopt` cannot hold the live resource to it. @default false
   */
  readonly unreported?: boolean;
}

/**
 * The defaults inside an object argument, by field: a value, or for a field that is an object itself its own
 * defaults, or for a list `[defaults]` of each item. The same as the `@default` of each field's TSDoc.
 */
export interface NestedDefaults {
  readonly [field: string]: string | number | boolean | NestedDefaults | readonly [NestedDefaults];
}

/** What may be said of a field beside its fate; `changed` takes the types of the kind that declares it. */
export interface FieldOptions {
  readonly secret?: Secrecy;
  readonly default?: unknown;
  readonly within?: NestedDefaults;
  readonly changed?: (olds: never, news: never) => boolean;
  readonly unreported?: boolean;
}

/** A change sent in the PATCH body. */
export function inPlace<const Options extends FieldOptions = object>(options?: Options): { fate: { kind: "inPlace" } } & Options {
  return { fate: { kind: "inPlace" }, ...(options as Options) };
}

/** A change that replaces the resource. */
export function replaces<const Options extends FieldOptions = object>(options?: Options): { fate: { kind: "replaces" } } & Options {
  return { fate: { kind: "replaces" }, ...(options as Options) };
}

/** A fate that hangs on `when`, told in the words of `cases` in the field's doc. */
function conditionalFate<const Kind extends "replacesWhen" | "inPlaceUnless">(kind: Kind) {
  return <Olds, News, const Options extends FieldOptions & Cases = object>(
    when: (olds: Olds, news: News) => boolean,
    options?: Options,
  ): { fate: { kind: Kind; when: (olds: Olds, news: News) => boolean; cases?: string } } & Omit<Options, "cases"> => {
    const { cases, ...rest } = (options ?? {}) as Options;
    return { fate: { kind, when, ...(cases === undefined ? {} : { cases }) }, ...rest };
  };
}

/** A change that replaces the resource when `when` holds (in the words of `cases`), and is otherwise none. */
export const replacesWhen = conditionalFate("replacesWhen");

/** A change sent in the PATCH body, except when `when` says that it replaces the resource (in the words of `cases`). */
export const inPlaceUnless = conditionalFate("inPlaceUnless");

/** Read at create only, never compared again. */
export function createOnly<const Options extends FieldOptions = object>(options?: Options): { fate: { kind: "createOnly" } } & Options {
  return { fate: { kind: "createOnly" }, ...(options as Options) };
}

/** One entry per argument: the compiler refuses a table that leaves one out or names one the arguments lack. */
export type Fields<Args, Olds = never, News = never> = { readonly [K in keyof Required<Args>]: Field<Olds, News> };

/** The arguments that a declared field gives a default, and that `check` therefore always sets. */
type DefaultedKeys<F> = { [K in keyof F]: F[K] extends { default: unknown } ? K : never }[keyof F];

/** The arguments that a declared field gives defaults within. */
type CompletedKeys<F> = { [K in keyof F]: F[K] extends { within: object } ? K : never }[keyof F];

/** A value with the fields its `within` defaults name set, in nested objects and list items too (where given). */
type Completed<T, W> = T extends readonly (infer Item)[]
  ? W extends readonly [infer ItemDefaults]
    ? Completed<Item, ItemDefaults>[]
    : T
  : T extends object
    ? T & { [K in ValueKeys<W> & keyof T]-?: Exclude<T[K], undefined> } & {
        [K in Exclude<keyof W, ValueKeys<W>> & keyof T]?: Completed<Exclude<T[K], undefined>, W[K]>;
      }
    : T;
type ValueKeys<W> = { [K in keyof W]: W[K] extends object ? never : K }[keyof W];

/** Arguments after `check`: named, with every declared default applied, those within objects included. */
export type Checked<Args, F> = Named<Args> & { [K in DefaultedKeys<F> & keyof Args]-?: Exclude<Args[K], undefined> } & {
  [K in CompletedKeys<F> & keyof Args]?: F[K] extends { within: infer W } ? Completed<Exclude<Args[K], undefined>, W> : never;
};

/** The calls of one kind's API: the client objects (`client.networkVolumes`, ...) have this shape. */
export interface KindApi<Live, CreateBody, Patch> {
  list(): Promise<Live[]>;
  /** Absent when the API has no read by id; the declaration's `find` then looks the resource up. */
  get?(id: string): Promise<Live>;
  create(body: CreateBody): Promise<Live>;
  /** Absent when no field changes in place. */
  update?(id: string, patch: Patch): Promise<Live>;
  delete(id: string): Promise<void>;
}

/** How long a create, adopt or update may wait for the resource: the deadline input, or the engine's `customTimeouts`. */
export interface Wait {
  readonly client: ComputePlatformClient;
  /** Epoch ms after which the wait gives up. */
  readonly deadline: number;
  /** The deadline as the resource set it, in seconds, for messages. */
  readonly timeoutSeconds: number;
}

/** Where a create may choose among GPU configurations (`placement`): what screens the candidates, and each candidate's arguments. */
export interface Placement<Inputs> {
  /** What placement screens the candidates by; undefined when the arguments leave nothing to choose. */
  scope(inputs: Inputs): PlacementScope | undefined;
  /** The arguments as if they had asked for `candidate` alone: what a create on it sends, and what its estimate prices. */
  onCandidate(inputs: Inputs, candidate: GpuConfiguration): Inputs;
}

/** How a kind that takes time to become usable is waited for, after a create and at adopt. */
export interface Readiness<Inputs, Live, Outputs> {
  /**
   * Brings the live resource to the arguments and waits until it is usable. `previous` holds the outputs state
   * recorded, at an update (which then calls it instead of PATCHing), and is undefined after a create or at adopt.
   */
  converge(live: Live, inputs: Inputs, wait: Wait, previous?: Outputs): Promise<Live>;
  /** Whether an update converges too (a pod's power state), or only PATCHes. @default false */
  readonly atUpdate?: boolean;
  /** What the resource did not become, for the message of a failed wait: `RUNNING`, `usable`. */
  state(inputs: Inputs): string;
  /** How the message of a failed wait names the resource. @default `<what> "<name>"` */
  label?(inputs: Inputs, id: string): string;
  /** What a delete of the resource also removed, for the message of a failed create: `with its members`. */
  readonly deletedWith?: string;
}

/**
 * One resource kind, declared once. The argument interface (its `inputs.ts`) stays the one place for shape, bounds
 * and docs; this adds what each argument does, and what the generic lifecycle needs to run the kind.
 */
export interface Declaration<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  OutputNames extends readonly (keyof Outputs & string)[] = readonly (keyof Outputs & string)[],
  CreateBody = Omit<Checked<Args, F>, "adopt">,
  Patch = Partial<Checked<Args, F>>,
> {
  /** The type name: the package schema's token is `computeplatform:index:<type>`. */
  readonly type: string;
  /** The kind as messages name it, e.g. `network volume`. */
  readonly what: string;
  /**
   * Whether a `name` left out is proposed from the logical name (and then kept across updates).
   * @default false
   */
  readonly autoNamed?: boolean;
  /** A short word for the same in advice, e.g. `volume` ("declare the volume's current values"). */
  readonly noun: string;
  /** Whether `pulumi import` through the native plugin gives arguments that preview with no changes (not where the API hides one). */
  readonly importable: boolean;
  readonly fields: F;
  /** Validates the arguments; typed against the argument interface where it is declared. */
  readonly schema: z.ZodType;
  /** The argument that bounds how long create and update wait, which the engine's `customTimeouts` override. */
  readonly deadline?: keyof Args & string;
  /**
   * Every output of the resource, arguments and output-only values alike; `id` and `urn` come with every resource.
   * The one list of them: the kind registry takes it from here, and the compiler holds the resource class to it.
   */
  readonly outputs: OutputNames;
  /** Where the kind's API is, e.g. `client.networkVolumes`. */
  api(client: ComputePlatformClient): KindApi<Live, CreateBody, Patch>;
  /** The create request for the arguments. @default the arguments without `adopt` and the deadline input */
  createRequest?(inputs: Checked<Args, F>): CreateBody;
  /**
   * The PATCH body that brings the resource from the outputs `olds` to the arguments.
   * @default exactly the fields that change in place and differ, as the arguments give them
   */
  patch?(olds: Outputs, news: Checked<Args, F>): Patch;
  /** Where a create may choose among GPU configurations; absent for a kind that is created as asked. */
  readonly placement?: Placement<Checked<Args, F>>;
  /** How the kind is waited for until usable; absent for a kind that is usable once the API answers. */
  readonly readiness?: Readiness<Checked<Args, F>, Live, Outputs>;
  /**
   * The pods a delete of the resource ends (read before it), which the delete waits for until they are gone: the
   * service answers a delete at once and ends them after.
   */
  podsOf?(client: ComputePlatformClient, id: string): Promise<readonly string[]>;
  /** How messages name the resource a create makes. @default `<what> "<name>"` */
  label?(inputs: Checked<Args, F>): string;
  /**
   * Finds one of the account's own resources, for a kind whose reads also reach public ones: `adopt` takes over
   * only the account's own. Undefined when the account has none with that id.
   */
  findOwn?(client: ComputePlatformClient, id: string): Promise<Live | undefined>;
  /** Finds one resource where the API has no read by id; undefined when there is none. */
  find?(client: ComputePlatformClient, id: string): Promise<Live | undefined>;
  /**
   * The outputs recorded for a live resource. `recorded` holds the arguments it was created, adopted or updated
   * with, or at a refresh the outputs in state: where to keep what the service never returns (a password) from.
   * `previous` holds the outputs state recorded before, at an update and a refresh.
   */
  outputsOf(live: Live, recorded: Partial<Outputs>, previous?: Outputs): Outputs;
  /**
   * The arguments that would make the live resource, what the service does not report taken from `recorded` (the
   * outputs in state): what a refresh hands back when they differ from state by their fates, and what an import
   * records. @default the outputs, handed back when any differs from state
   */
  inputsOf?(live: Live, recorded: Outputs): Checked<Args, F>;
  /**
   * The arguments as a new or adopted resource runs with them, for state to record: what they leave to a template,
   * read from it. @default the arguments
   */
  madeWith?(client: ComputePlatformClient, inputs: Checked<Args, F>): Promise<Checked<Args, F>>;
  /**
   * Why `adopt` refuses the live resource, after `adopt: <what> "<id>" `, for a kind that says more than which
   * fields differ; `conflicts` are the fields that differ and cannot change in place.
   */
  adoptRefusal?(live: Live, conflicts: readonly string[], inputs: Checked<Args, F>): string;
  /**
   * Whether a listed resource is the one a create with these arguments made: how a create whose answer was lost
   * (or whose process was killed) is found again. Reads only what a list reports.
   * @default every field sent is reported as sent
   */
  madeBy?(live: Live, inputs: Checked<Args, F>): boolean;
  /** Rules across the old and the new arguments, such as a volume that only grows. */
  transition?(olds: Partial<Args>, news: Named<Args>): dynamic.CheckFailure[];
  /**
   * An argument left unset keeps what the resource has (a template may have supplied it), and is no change.
   * @default false: an argument left unset is compared as undefined
   */
  readonly unsetKeepsLive?: boolean;
  /** Defaults and normal forms that depend on other arguments (whether a template supplies them), after the declared ones. */
  dependentDefaults?(inputs: Checked<Args, F>): Checked<Args, F>;
  /** The arguments as the resource runs with them, for comparing: what they leave to a template filled in from state. */
  effective?(olds: Outputs, news: Checked<Args, F>): Checked<Args, F>;
}

/**
 * Declares a kind: `declaration<Args, typeof fields, Live, Outputs>()({ ... })`, with the API's create and PATCH
 * bodies after them where they are not the arguments'. The outputs are typed as the
 * very names listed, so that the compiler can hold the resource class to them.
 */
export function declaration<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody = Omit<Checked<Args, F>, "adopt">,
  Patch = Partial<Checked<Args, F>>,
>() {
  return <const OutputNames extends readonly (keyof Outputs & string)[]>(
    declared: Declaration<Args, F, Live, Outputs, OutputNames, CreateBody, Patch>,
  ): Declaration<Args, F, Live, Outputs, OutputNames, CreateBody, Patch> => declared;
}

/** A declaration of any kind, as the kind registry and the generators read it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds kinds of every shape, and each method is typed at its own declaration.
export type AnyDeclaration = Declaration<any, any, any, any, any, any, any>;

/** A live resource of any kind, as the lifecycle's steps handle it. */
export interface LiveResource {
  readonly id: string;
}

/** The fields with a fate of the given kind. */
export function fieldsOfFate(declaration: AnyDeclaration, ...kinds: Fate<unknown, unknown>["kind"][]): string[] {
  return Object.entries(declaration.fields as Record<string, Field<unknown, unknown>>)
    .filter(([, field]) => kinds.includes(field.fate.kind))
    .map(([name]) => name);
}

/** The properties kept secret at any of the given levels. */
export function secretProperties(declaration: AnyDeclaration, ...levels: Secrecy[]): string[] {
  return Object.entries(declaration.fields as Record<string, Field<unknown, unknown>>)
    .filter(([, field]) => field.secret !== undefined && levels.includes(field.secret))
    .map(([name]) => name);
}
