// The property that makes preview exact: over generated arguments with random parts replaced by values unknown until
// apply, `check` reports exactly the failures that hold whatever those values turn out to be. "Whatever" is sampled:
// each unknown is resolved, in every combination, to the value it replaced, to nothing at all, to a value of no
// expected type, to the other items of its list, and to the value at the same place in other generated arguments.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ManifestResourceType } from "../../provider/manifest/document";
import { KIND_NAMES } from "../../provider/kindRegistry";
import { resourceKinds } from "../../provider/manifest/resourceKinds";
import { UNKNOWN } from "../../provider/values/unknown";
import { fixtures } from "../contract/kindFixtures";
import {
  clusterArguments,
  endpointArguments,
  otherArguments,
  PLACEHOLDER_IDS,
  podArguments,
  templateArguments,
  volumeArguments,
} from "../fuzz/arguments";

type Path = Array<string | number>;

/** Stands for a value that turns out to be undefined: the key is then absent, and a list item null. */
const ABSENT = Symbol("absent");

/** How many other generated arguments lend each unknown a value to resolve to. */
const LENDERS = 3;

/** A value no field expects. */
const JUNK = "?";

const RUNS = Number(process.env.PREVIEW_RUNS ?? 200);

/** Every place below the root of `value`, outermost first. */
function places(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...at, index], ...places(item, [...at, index])]);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [[...at, key], ...places(item, [...at, key])]);
  }
  return [];
}

function valueAt(value: unknown, path: Path): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !(key in current)) return ABSENT;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A copy of `root` with `replacement` at `path`. */
function withValueAt(root: unknown, path: Path, replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(root)) {
    const copy = [...root];
    const item = withValueAt(copy[key as number], rest, replacement);
    copy[key as number] = item === ABSENT ? null : item;
    return copy;
  }
  const { [key]: current, ...others } = root as Record<string | number, unknown>;
  const item = withValueAt(current, rest, replacement);
  return item === ABSENT ? others : { ...others, [key]: item };
}

const isUnder = (path: Path, outer: Path) => outer.length < path.length && outer.every((key, i) => path[i] === key);

/** The other items of the list that holds `path`, if it is a list item. */
function siblings(value: unknown, path: Path): unknown[] {
  const list = valueAt(value, path.slice(0, -1));
  return Array.isArray(list) ? list.filter((_, index) => index !== path.at(-1)) : [];
}

/** Generated arguments, one or two places in them unknown (not one inside the other), and the values each may resolve to. */
function previewCases(args: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .tuple(args, fc.array(args, { minLength: LENDERS, maxLength: LENDERS }))
    .filter(([original]) => places(original).length > 0)
    .chain(([original, lenders]) =>
      fc.subarray(places(original), { minLength: 1, maxLength: Math.min(2, places(original).length) }).map((chosen) => {
        const unknowns = chosen.filter((path) => !chosen.some((outer) => isUnder(path, outer)));
        const preview = unknowns.reduce<unknown>((value, path) => withValueAt(value, path, UNKNOWN), original);
        const choices = unknowns.map((path) => [
          valueAt(original, path),
          ABSENT,
          JUNK,
          ...siblings(original, path),
          ...lenders.map((lender) => valueAt(lender, path)),
        ]);
        return { original, preview, unknowns, choices };
      }),
    )
    .filter(({ unknowns }) => unknowns.length > 0);
}

/** Every combination of one choice per unknown. */
function resolutions(preview: unknown, unknowns: Path[], choices: unknown[][]): unknown[] {
  return unknowns.reduce<unknown[]>(
    (partial, path, i) => partial.flatMap((value) => choices[i]!.map((choice) => withValueAt(value, path, choice))),
    [preview],
  );
}

async function failures(type: ManifestResourceType, args: unknown): Promise<string[]> {
  const result = await resourceKinds[type].check({}, args as object);
  return [...new Set((result.failures ?? []).map((failure) => `${failure.property}: ${failure.reason}`))].sort();
}

/** Generated arguments per kind; a kind without them is tried from its contract fixture's arguments. */
const generated: Partial<Record<ManifestResourceType, fc.Arbitrary<Record<string, unknown>>>> = {
  Pod: podArguments(PLACEHOLDER_IDS),
  Cluster: clusterArguments(PLACEHOLDER_IDS),
  ServerlessEndpoint: endpointArguments(PLACEHOLDER_IDS),
  Template: templateArguments(PLACEHOLDER_IDS),
  NetworkVolume: volumeArguments(),
  ...otherArguments,
};
const kinds = KIND_NAMES.map((kind) => [kind, generated[kind] ?? fc.constant(fixtures[kind].args)] as const);

describe("check at preview reports exactly the failures that hold whatever the unknowns turn out to be", () => {
  it.each(kinds)(
    "%s",
    async (type, args) => {
      await fc.assert(
        fc.asyncProperty(previewCases(args), async ({ preview, unknowns, choices }) => {
          const resolved = await Promise.all(resolutions(preview, unknowns, choices).map((value) => failures(type, value)));
          const holdingAlways = resolved.reduce((common, each) => common.filter((failure) => each.includes(failure)));
          expect(await failures(type, preview)).toEqual(holdingAlways);
        }),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
