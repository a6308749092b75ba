import { randomBytes } from "node:crypto";

/**
 * The input in which a resource carries the name it proposes when its arguments give none. `check` takes it
 * out again, so it never reaches the API, the diff or the stack's inputs.
 */
export const PROPOSED_NAME = "__proposedName";

/** Inputs after `check`, whose `name` is always set: given, kept or proposed. */
export type Named<Inputs> = Inputs & { name: string };

/** Pulumi's auto-naming convention: the logical name, a dash and seven random hex digits. */
export function proposeName(logicalName: string, random: () => string = () => randomBytes(4).toString("hex")): string {
  return `${logicalName}-${random().slice(0, 7)}`;
}

/**
 * A resource's own arguments plus the name it proposes, for the constructor to hand to the engine. `name` is
 * among the properties even when the arguments leave it out, so that the resource has its `name` output.
 */
export function withProposedName<Args extends object>(logicalName: string, args: Args): Args & { [PROPOSED_NAME]: string } {
  return { name: undefined, ...args, [PROPOSED_NAME]: proposeName(logicalName) };
}

/**
 * The inputs `check` validates: the proposal taken out, and `name` set. A name the arguments give wins; else
 * the resource keeps the name it already has, so an update never renames it; else it takes the proposed one. The
 * engine checks a replacement afresh, without old inputs, so a replacement gets a fresh name by the same rule.
 * Typed as named because `check` validates it before any use: without a name and without a proposal (a caller
 * outside the resource classes) `name` stays unset, and validation reports it.
 */
export function resolveName<Inputs extends { name?: unknown }>(olds: { name?: unknown } | undefined, news: Inputs): Named<Inputs> {
  const { [PROPOSED_NAME]: proposed, ...inputs } = news as Inputs & { [PROPOSED_NAME]?: unknown };
  if (inputs.name !== undefined) return inputs as Named<Inputs>;
  const name = olds?.name ?? proposed;
  return (name === undefined ? inputs : { ...inputs, name }) as Named<Inputs>;
}
