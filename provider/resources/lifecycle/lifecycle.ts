import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { PlacedCheckResult } from "../../placement/placementChoice";
import { adopt } from "./adopt";
import { check, checkOffline } from "./check";
import { create } from "./create";
import { madeFrom } from "./createRequest";
import type { Checked, Declaration, Fields } from "./declaration";
import { remove } from "./delete";
import { diff } from "./diff";
import { patchOf } from "./patch";
import { read } from "./read";
import { update } from "./update";

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
 * The provider methods of a declared kind, one step of the lifecycle each, in a file of its own: `check`, `diff`,
 * `create` (or `adopt`, where the arguments name a resource to take over), `read`, `update` and `delete` (named
 * `remove`: `delete` is a keyword).
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
  return {
    check: (olds, props) => check(declaration, olds, props) as Promise<PlacedCheckResult<Checked<Args, F>>>,
    validate: (olds, props) => checkOffline(declaration, olds, props) as Promise<dynamic.CheckResult<Checked<Args, F>>>,
    diff: (id, olds, news) => diff(declaration, id, olds, news),
    create: (props) => ((props as { adopt?: string }).adopt ? adopt(declaration, props) : create(declaration, props)),
    read: (id, props) => read(declaration, id, props),
    update: (id, olds, news) => update(declaration, id, olds, news),
    delete: (id) => remove(declaration, id),
    patchOf: (live, news) => patchOf(declaration, live, news) as Patch,
    madeFrom: (inputs) => madeFrom(declaration, inputs),
  };
}
