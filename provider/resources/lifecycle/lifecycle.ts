import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ComputePlatformClient } from "../../client";
import { checkPlacement } from "../../placement/checkPlacement";
import { type PlacedCheckResult, withPlacementCheck } from "../../placement/placementChoice";
import { sharedClient } from "../../sharedClient";
import { type Named, resolveName } from "../autoName";
import { adoptable, findLive } from "./adoptable";
import { createOnce } from "./createOnce";
import type { Checked, Declaration, Field, Fields, KindApi, Wait } from "./declaration";
import { withNestedDefaults } from "./nestedDefaults";
import { deleteUntilGone } from "./deleteUntilGone";
import { refuseReplacingAdopted } from "./diffResult";
import { diffOf, fieldChanges } from "./fieldChanges";
import { initializationFailure, ownProperties, stripUndefined } from "./engineProperties";
import { messageOf } from "../../messageOf";
import { placedCreate } from "./placedCreate";
import { sameValue } from "../../values/sameValue";
import { validate } from "./validate";
import { UserError } from "../../errors";

/** The provider methods of a kind, each derived from its declaration. */
export interface Lifecycle<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object, Patch> {
  check(olds: Partial<Args>, props: Args): Promise<PlacedCheckResult<Checked<Args, F>>>;
  /** `check`'s rules and defaults alone, with no API call: what a manifest is validated by offline. */
  validate(olds: Partial<Args>, props: Args): Promise<dynamic.CheckResult<Checked<Args, F>>>;
  diff(id: string, olds: Outputs, news: Checked<Args, F>): Promise<dynamic.DiffResult>;
  create(props: Checked<Args, F>): Promise<dynamic.CreateResult<Outputs>>;
  read(id: string, props?: Outputs): Promise<dynamic.ReadResult<Outputs>>;
  update(id: string, olds: Outputs, news: Checked<Args, F>): Promise<dynamic.UpdateResult<Outputs>>;
  delete(id: string): Promise<void>;
  /** The PATCH body that brings `live` to the arguments: exactly the fields that change in place and differ. */
  patchOf(live: Outputs, news: Checked<Args, F>): Patch;
  /** Whether a listed resource is one these arguments would have made (an interrupted create's, perhaps). */
  madeFrom(inputs: Checked<Args, F>): (live: Live) => boolean;
}

/**
 * The provider methods of a declared kind:
 * - `check` validates (naming each failing field, before any API call), applies the declared defaults, and where
 *   `placement` leaves a choice, checks that some acceptable configuration is offered;
 * - `diff` compares each field by its fate, and refuses to replace a resource that `adopt` still names;
 * - `create` sends the arguments once through `createOnce` (on a candidate `placement` chooses), or adopts the
 *   resource `adopt` names, then waits until it is usable: one that is not is deleted, or kept with the failure;
 * - `read` records the live resource, answers "gone" (an empty id) for a 404, and hands back the arguments on drift;
 * - `update` PATCHes exactly the fields that change in place and differ, or converges where the kind does;
 * - `delete` takes a 404 for success, and waits until the pods it ends are gone.
 */
export function lifecycleOf<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody = Omit<Checked<Args, F>, "adopt">,
  Patch = Partial<Checked<Args, F>>,
>(
  declaration: Declaration<Args, F, Live, Outputs, readonly (keyof Outputs & string)[], CreateBody, Patch>,
): Lifecycle<Args, F, Live, Outputs, Patch> {
  type Inputs = Checked<Args, F>;
  // One API object per client: `createOnce` remembers per source what existed before this process created any.
  const apis = new WeakMap<ComputePlatformClient, KindApi<Live, CreateBody, Patch>>();
  const api = (client = sharedClient()): KindApi<Live, CreateBody, Patch> => {
    const known = apis.get(client) ?? declaration.api(client);
    apis.set(client, known);
    return known;
  };
  const { readiness } = declaration;
  // The service never reports these arguments back: state keeps them beside the live fields, and hands them back.
  const unreported = Object.entries(declaration.fields as Record<string, { unreported?: boolean }>)
    .filter(([, field]) => field.unreported === true)
    .map(([name]) => name);
  const unreportedOf = (values: object): object =>
    Object.fromEntries(unreported.filter((name) => name in values).map((name) => [name, (values as Record<string, unknown>)[name]]));
  const outputsOf = (live: Live, inputs: Inputs, previous?: Outputs): Outputs =>
    stripUndefined({ ...declaration.outputsOf(live, inputs as Partial<Outputs>, previous), ...unreportedOf(inputs) });
  const labelOf = (inputs: Inputs): string => declaration.label?.(inputs) ?? `${declaration.what} "${(inputs as { name?: string }).name}"`;

  const patchOf = (live: Outputs, news: Inputs): Patch =>
    declaration.patch?.(live, news) ??
    (Object.fromEntries(fieldChanges(declaration, live, news).updates.map((name) => [name, valueOf(news, name)])) as Patch);

  /** PATCHes the fields that change in place and differ from `from`; undefined when none does. */
  const patchFrom = async (id: string, from: Outputs, news: Inputs): Promise<Live | undefined> => {
    const patch = patchOf(from, news);
    if (Object.keys(patch as object).length === 0) return undefined;
    const kindApi = api();
    if (kindApi.update === undefined)
      throw new Error(`${declaration.what} ${id}: ${Object.keys(patch as object).join(", ")} cannot change in place`);
    return kindApi.update(id, patch);
  };

  /** How long a create, adopt or update may wait: the deadline input. */
  const waitOf = (client: ComputePlatformClient, inputs: Inputs): Wait => {
    const timeoutSeconds = Number(declaration.deadline === undefined ? 0 : valueOf(inputs, declaration.deadline));
    return { client, deadline: client.clock.now() + timeoutSeconds * 1000, timeoutSeconds };
  };

  /** The live resource as it is now, for recording it with a failure; what was last seen when it cannot be read. */
  const current = async (live: Live): Promise<Live> => (await findLive(declaration, live.id).catch(() => undefined)) ?? live;

  /** Takes over the resource `id`: it must agree in every field that cannot change in place; the rest is brought to the arguments. */
  const adopt = async (id: string, inputs: Inputs, wait: Wait, engineProps: object): Promise<Live> => {
    const live = await adoptable(declaration, id, inputs);
    if (readiness === undefined) return (await patchFrom(id, outputsOf(live, inputs), inputs)) ?? live;
    try {
      return await readiness.converge(live, inputs, wait);
    } catch (error) {
      // An adopted resource is not ours to delete: it is recorded with the failure instead.
      throw initializationFailure(`adopt: ${declaration.what} "${id}" did not become ${readiness.state(inputs)}: ${messageOf(error)}`, {
        id,
        properties: outputsOf(await current(live), inputs),
        engineProps,
      });
    }
  };

  /** Waits until a new resource is usable; one that is not is deleted, or, when that fails too, recorded with the failure. */
  const readyOrRemoved = async (created: Live, inputs: Inputs, wait: Wait, engineProps: object): Promise<Live> => {
    if (readiness === undefined) return created;
    try {
      return await readiness.converge(created, inputs, wait);
    } catch (error) {
      const failed = `${readiness.label?.(inputs, created.id) ?? labelOf(inputs)} did not become ${readiness.state(inputs)}: ${messageOf(error)}`;
      try {
        await remove(created.id);
      } catch (cleanupError) {
        throw initializationFailure(
          `${failed}; deleting it (${created.id}) also failed: ${messageOf(cleanupError)}. ` +
            "It is kept in the stack so that the next `pulumi up` or `pulumi destroy` can deal with it.",
          { id: created.id, properties: outputsOf(await current(created), inputs), engineProps },
        );
      }
      const deletedWith = readiness.deletedWith === undefined ? "" : ` ${readiness.deletedWith}`;
      throw new Error(`${failed}. It was deleted${deletedWith}; nothing was left behind.`);
    }
  };

  /** Whether a listed resource is one these arguments would have made: none of their fields differs from it. */
  const madeFrom = (inputs: Inputs) => (live: Live) => {
    if (declaration.madeBy !== undefined) return declaration.madeBy(live, inputs);
    const { updates, replaces } = fieldChanges(declaration, outputsOf(live, inputs), inputs);
    return updates.length === 0 && replaces.length === 0;
  };

  /** The request body: the arguments without those that only steer the provider. */
  const createRequest = (inputs: Inputs): CreateBody => {
    if (declaration.createRequest !== undefined) return declaration.createRequest(inputs);
    const { adopt: _adopt, ...body } = inputs as Inputs & { adopt?: string };
    if (declaration.deadline !== undefined) delete (body as Record<string, unknown>)[declaration.deadline];
    return body as CreateBody;
  };

  const remove = async (id: string): Promise<void> => {
    const client = sharedClient();
    const pods = (await declaration.podsOf?.(client, id)) ?? [];
    await deleteUntilGone(client, () => api(client).delete(id), pods);
  };

  const validateInputs = async (olds: Partial<Args>, props: Args): Promise<dynamic.CheckResult<Inputs>> => {
    const named = declaration.autoNamed === true ? resolveName(olds as { name?: unknown }, props as Args & { name?: unknown }) : props;
    const news = ownProperties(named) as Named<Args>;
    const failures = [...validate(declaration.schema, news), ...(declaration.transition?.(olds, news) ?? [])];
    return failures.length > 0 ? { failures } : { inputs: withDeclaredDefaults(declaration, news) };
  };

  return {
    patchOf,
    madeFrom,
    validate: validateInputs,

    async check(olds, props) {
      const result = await validateInputs(olds, props);
      const { inputs } = result;
      const placed =
        inputs === undefined || (inputs as { adopt?: string }).adopt !== undefined ? undefined : declaration.placement?.scope(inputs);
      return placed === undefined ? result : withPlacementCheck(result, await checkPlacement(placed));
    },

    async diff(id, olds, news) {
      const result = diffOf(declaration, olds, news);
      refuseReplacingAdopted(declaration.what, id, (news as { adopt?: string }).adopt, result.replaces ?? []);
      return result;
    },

    async create(props) {
      const client = sharedClient();
      const inputs = ownProperties(props);
      const { adopt: adoptId } = inputs as { adopt?: string };
      const wait = waitOf(client, inputs);
      const madeWith = (await declaration.madeWith?.(client, inputs)) ?? inputs;
      const live = adoptId
        ? await adopt(adoptId, inputs, wait, props)
        : await readyOrRemoved(
            await placedCreate(client, inputs, declaration.placement, wait, (sent) =>
              createOnce({
                what: labelOf(inputs),
                source: api(client),
                create: () => api(client).create(createRequest(sent)),
                matches: madeFrom(sent),
                clock: client.clock,
              }),
            ),
            inputs,
            wait,
            props,
          );
      return { id: live.id, outs: outputsOf(live, madeWith) };
    },

    async read(id, props) {
      const live = await findLive(declaration, id);
      if (!live) return { id: "" };
      const recorded = ownProperties(props ?? {}) as Outputs;
      const imported = Object.keys(recorded).length === 0;
      if (declaration.inputsOf === undefined) {
        const outs = declaration.outputsOf(live, recorded);
        // Inputs are handed back at an import (nothing recorded) and for drift; else the arguments in state stand.
        return imported || !sameValue(outs, recorded) ? { id, props: outs, inputs: outs } : { id, props: outs };
      }
      // An import records what a create with the rebuilt arguments would have. Else they are handed back only for
      // drift: rebuilt from the live resource they name what the program left to the service (a pod's `disk`), and
      // every refresh would report a change that is none.
      const inputs = imported
        ? (importedInputs(declaration, live) as Checked<Args, F>)
        : { ...declaration.inputsOf(live, recorded), ...unreportedOf(recorded) };
      const outs = outputsOf(live, inputs, imported ? undefined : recorded);
      const drifted = imported || Object.values(fieldChanges(declaration, recorded, inputs)).some((names) => names.length > 0);
      return drifted ? { id, props: outs, inputs: stripUndefined(inputs) as unknown as Outputs } : { id, props: outs };
    },

    async update(id, olds, news) {
      const inputs = ownProperties(news);
      if (readiness?.atUpdate !== true) {
        const live = (await patchFrom(id, olds, inputs)) ?? (await findLive(declaration, id));
        if (live === undefined) throw gone(id);
        return { outs: outputsOf(live, inputs, olds) };
      }
      const effective = declaration.effective?.(olds, inputs) ?? inputs;
      const live = await findLive(declaration, id);
      if (live === undefined) throw gone(id);
      try {
        return { outs: outputsOf(await readiness.converge(live, effective, waitOf(sharedClient(), inputs), olds), effective, olds) };
      } catch (error) {
        const now = await findLive(declaration, id).catch(() => undefined);
        const name = (inputs as { name?: string }).name;
        throw initializationFailure(
          `${declaration.what} ${id} (${name}) did not reach ${readiness.state(inputs)} after the update: ${messageOf(error)}`,
          {
            id,
            properties: now ? outputsOf(now, effective, olds) : olds,
            engineProps: news,
          },
        );
      }
    },

    delete: remove,
  };

  function gone(id: string): UserError {
    return new UserError(`${declaration.what} ${id} is gone: run \`pulumi refresh\` to drop it from the stack`);
  }
}

/**
 * The arguments an import records for a live resource: what the plugin's `read` hands `pulumi import`, where nothing
 * is recorded, and what `computeplatform import` writes, which also knows what a list reports beside (a pod's template).
 */
export function importedInputs<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object>(
  declaration: Pick<Declaration<Args, F, Live, Outputs>, "fields" | "dependentDefaults" | "inputsOf" | "outputsOf">,
  live: Live,
  known: Partial<Outputs> = {},
): Checked<Args, F> | Outputs {
  const { inputsOf } = declaration;
  return inputsOf === undefined ? declaration.outputsOf(live, known) : withDeclaredDefaults(declaration, inputsOf(live, known as Outputs));
}

/** The arguments with the declared defaults applied, then those that depend on other arguments. */
export function withDeclaredDefaults<Args extends object, F extends Fields<Args>>(
  declaration: Pick<Declaration<Args, F, { id: string }, object>, "fields" | "dependentDefaults">,
  inputs: Named<Args>,
): Checked<Args, F> {
  const fields = Object.entries(declaration.fields as unknown as Record<string, Field<unknown, unknown>>);
  const defaults = fields
    .filter(([name, field]) => field.default !== undefined || (field.within !== undefined && valueOf(inputs, name) !== undefined))
    .map(([name, field]) => [name, withNestedDefaults(valueOf(inputs, name) ?? field.default, field.within)]);
  const checked = { ...inputs, ...Object.fromEntries(defaults) } as Checked<Args, F>;
  return declaration.dependentDefaults?.(checked) ?? checked;
}

/** The live resource without `id`, which Pulumi reserves, and without undefined values, which the engine rejects. */
export function withoutId<Live extends { id: string }>(live: Live): Omit<Live, "id"> {
  const { id: _id, ...rest } = live;
  return stripUndefined(rest);
}

function valueOf(values: object, name: string): unknown {
  return (values as Record<string, unknown>)[name];
}
