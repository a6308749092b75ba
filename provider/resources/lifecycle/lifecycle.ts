import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sharedClient } from "../../sharedClient";
import { type Named, resolveName } from "../autoName";
import { adoptable, findLive } from "./adoptable";
import { createOnce } from "./createOnce";
import type { Checked, Declaration, Field, Fields, KindApi } from "./declaration";
import { refuseReplacingAdopted } from "./diffResult";
import { diffOf, fieldChanges } from "./fieldChanges";
import { ownProperties, stripUndefined } from "./engineProperties";
import { unlessNotFound } from "./notFound";
import { sameValue } from "./sameValue";
import { validate } from "./validate";
import { UserError } from "../../errors";

/** The provider methods of a kind, each derived from its declaration. */
export interface Lifecycle<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object> {
  check(olds: Partial<Args>, props: Args): Promise<dynamic.CheckResult<Checked<Args, F>>>;
  diff(id: string, olds: Outputs, news: Checked<Args, F>): Promise<dynamic.DiffResult>;
  create(props: Checked<Args, F>): Promise<dynamic.CreateResult<Outputs>>;
  read(id: string, props?: Outputs): Promise<dynamic.ReadResult<Outputs>>;
  update(id: string, olds: Outputs, news: Checked<Args, F>): Promise<dynamic.UpdateResult<Outputs>>;
  delete(id: string): Promise<void>;
  /** The PATCH body that brings `live` to the arguments: exactly the fields that change in place and differ. */
  patchOf(live: Outputs, news: Checked<Args, F>): Partial<Checked<Args, F>>;
  /** Whether a listed resource is one these arguments would have made (an interrupted create's, perhaps). */
  madeFrom(inputs: Checked<Args, F>): (live: Live) => boolean;
}

/**
 * The provider methods of a declared kind:
 * - `check` validates (naming each failing field, before any API call), then applies the declared defaults;
 * - `diff` compares each field by its fate, and refuses to replace a resource that `adopt` still names;
 * - `create` sends the arguments once through `createOnce`, or adopts the resource `adopt` names;
 * - `read` records the live resource, and answers "gone" (an empty id) for a 404;
 * - `update` PATCHes exactly the fields that change in place and differ;
 * - `delete` takes a 404 for success.
 */
export function lifecycleOf<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object>(
  declaration: Declaration<Args, F, Live, Outputs>,
): Lifecycle<Args, F, Live, Outputs> {
  const api = (): KindApi<Live, Omit<Checked<Args, F>, "adopt">, Partial<Checked<Args, F>>> => declaration.api(sharedClient());

  const patchOf = (live: Outputs, news: Checked<Args, F>): Partial<Checked<Args, F>> =>
    Object.fromEntries(fieldChanges(declaration, live, news).updates.map((name) => [name, valueOf(news, name)])) as Partial<
      Checked<Args, F>
    >;

  /** PATCHes the fields that change in place and differ from `from`; undefined when none does. */
  const patchFrom = async (id: string, from: Outputs, news: Checked<Args, F>): Promise<Live | undefined> => {
    const patch = patchOf(from, news);
    if (Object.keys(patch).length === 0) return undefined;
    const kindApi = api();
    if (kindApi.update === undefined) throw new Error(`${declaration.what} ${id}: ${Object.keys(patch).join(", ")} cannot change in place`);
    return kindApi.update(id, patch);
  };

  /** Takes over the resource `id`: it must agree in every field that cannot change in place; the rest is PATCHed to the arguments. */
  const adopt = async (id: string, inputs: Checked<Args, F>): Promise<Live> => {
    const live = await adoptable(declaration, id, inputs);
    return (await patchFrom(id, declaration.outputsOf(live, inputs as Partial<Outputs>), inputs)) ?? live;
  };

  /** The request body: the arguments without those that only steer the provider. */
  const createBody = (inputs: Checked<Args, F>): Omit<Checked<Args, F>, "adopt"> => {
    const { adopt: _adopt, ...body } = inputs as Checked<Args, F> & { adopt?: string };
    if (declaration.deadline !== undefined) delete (body as Record<string, unknown>)[declaration.deadline];
    return body;
  };

  /** Whether a listed resource is one these arguments would have made: none of their fields differs from it. */
  const madeFrom = (inputs: Checked<Args, F>) => (live: Live) => {
    if (declaration.madeBy !== undefined) return declaration.madeBy(live, inputs);
    const { updates, replaces } = fieldChanges(declaration, declaration.outputsOf(live, inputs as Partial<Outputs>), inputs);
    return updates.length === 0 && replaces.length === 0;
  };

  return {
    patchOf,
    madeFrom,

    async check(olds, props) {
      const named = declaration.autoNamed === true ? resolveName(olds as { name?: unknown }, props as Args & { name?: unknown }) : props;
      const news = ownProperties(named) as Named<Args>;
      const failures = [...validate(declaration.schema, news), ...(declaration.transition?.(olds, news) ?? [])];
      return failures.length > 0 ? { failures } : { inputs: withDeclaredDefaults(declaration, news) };
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
      const body = createBody(inputs);
      const live = adoptId
        ? await adopt(adoptId, inputs)
        : await createOnce({
            what: declaration.label?.(inputs) ?? `${declaration.what} "${(inputs as { name?: string }).name}"`,
            source: api(),
            create: () => api().create(body),
            matches: madeFrom(inputs),
            clock: client.clock,
          });
      return { id: live.id, outs: declaration.outputsOf(live, inputs as Partial<Outputs>) };
    },

    async read(id, props) {
      const live = await findLive(declaration, id);
      if (!live) return { id: "" };
      const recorded = ownProperties(props ?? {}) as Partial<Outputs>;
      const outs = declaration.outputsOf(live, recorded);
      // Inputs are handed back at an import (nothing recorded) and for drift; else the arguments in state stand.
      const drifted = Object.keys(recorded).length === 0 || !sameValue(outs, recorded);
      return drifted ? { id, props: outs, inputs: outs } : { id, props: outs };
    },

    async update(id, olds, news) {
      const inputs = ownProperties(news);
      const live = (await patchFrom(id, olds, inputs)) ?? (await findLive(declaration, id));
      if (live === undefined) throw new UserError(`${declaration.what} ${id} is gone: run \`pulumi refresh\` to drop it from the stack`);
      return { outs: declaration.outputsOf(live, inputs as Partial<Outputs>) };
    },

    async delete(id) {
      await unlessNotFound(() => api().delete(id));
    },
  };
}

/** The arguments with the declared defaults applied, then those that depend on other arguments. */
export function withDeclaredDefaults<Args extends object, F extends Fields<Args>, Live extends { id: string }, Outputs extends object>(
  declaration: Declaration<Args, F, Live, Outputs>,
  inputs: Named<Args>,
): Checked<Args, F> {
  const fields = Object.entries(declaration.fields as unknown as Record<string, Field<unknown, unknown>>);
  const defaults = fields
    .filter(([, field]) => field.default !== undefined)
    .map(([name, field]) => [name, valueOf(inputs, name) ?? field.default]);
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
