import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type GpuConfiguration,
  isAcceptable,
  orderedCandidates,
  screenCandidates,
  type Screening,
} from "../../provider/placement/candidates";
import { capacityCheckDelayMs } from "../../provider/placement/placeOnCandidates";
import { gpuHourlyPrice } from "../../provider/cost/gpuHourlyPrice";
import type { GpuType } from "../../provider/wire/catalog";
import type { CheckedPlacementInputs, PlacementInputs } from "../../provider/placement/placementInputs";
import { pod } from "../../provider/resources/pod/declaration";
import { withNestedDefaults } from "../../provider/resources/lifecycle/nestedDefaults";
import type { AvailabilityLevel } from "../../provider/wire/catalog";

const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100 80GB PCIe";
const L40S = "NVIDIA L40S";

function gpuType(id: string, secure: number, community: number, dataCenters: Record<string, AvailabilityLevel> = {}): GpuType {
  return {
    id,
    name: id,
    pool: null,
    manufacturer: "NVIDIA",
    memory: 80,
    secure: true,
    community: true,
    price: { secure, community },
    maxCount: { secure: 8, community: 8 },
    dataCenters: Object.entries(dataCenters).map(([dc, availability]) => ({ id: dc, name: dc, availability })),
  };
}

const catalog = [gpuType(H100, 2.99, 2.69), gpuType(A100, 1.64, 1.19), gpuType(L40S, 0.86, 0.79)];

describe("orderedCandidates", () => {
  const rows: Array<{
    name: string;
    gpu: { id: string; count?: number };
    placement?: PlacementInputs;
    cloud?: "SECURE" | "COMMUNITY";
    expected: GpuConfiguration[];
  }> = [
    { name: "no placement: gpu alone, count defaulted", gpu: { id: H100 }, expected: [{ id: H100, count: 1 }] },
    {
      name: "listed: gpu, then the alternatives in order",
      gpu: { id: H100, count: 2 },
      placement: {
        alternatives: [
          { id: A100, count: 2 },
          { id: L40S, count: 4 },
        ],
      },
      expected: [
        { id: H100, count: 2 },
        { id: A100, count: 2 },
        { id: L40S, count: 4 },
      ],
    },
    {
      name: "an alternative equal to gpu is tried once",
      gpu: { id: H100 },
      placement: { alternatives: [{ id: H100, count: 1 }, { id: A100 }] },
      expected: [
        { id: H100, count: 1 },
        { id: A100, count: 1 },
      ],
    },
    {
      name: "cheapest: by price × count in the secure cloud",
      gpu: { id: H100, count: 1 },
      placement: {
        order: "cheapest",
        alternatives: [
          { id: A100, count: 2 },
          { id: L40S, count: 4 },
        ],
      },
      // 2.99, 3.28, 3.44
      expected: [
        { id: H100, count: 1 },
        { id: A100, count: 2 },
        { id: L40S, count: 4 },
      ],
    },
    {
      name: "cheapest: the community price in the community cloud",
      gpu: { id: H100 },
      placement: { order: "cheapest", alternatives: [{ id: A100 }, { id: L40S }] },
      cloud: "COMMUNITY",
      expected: [
        { id: L40S, count: 1 },
        { id: A100, count: 1 },
        { id: H100, count: 1 },
      ],
    },
    {
      name: "cheapest: a type the catalog does not price goes last",
      gpu: { id: "NVIDIA B200" },
      placement: { order: "cheapest", alternatives: [{ id: H100 }, { id: L40S }] },
      expected: [
        { id: L40S, count: 1 },
        { id: H100, count: 1 },
        { id: "NVIDIA B200", count: 1 },
      ],
    },
  ];
  // Counts left out are the pod declaration's defaults, which `check` applies.
  it.each(rows)("$name", ({ gpu, placement, cloud, expected }) => {
    const checkedGpu = withNestedDefaults(gpu, pod.fields.gpu.within) as GpuConfiguration;
    const checkedPlacement = withNestedDefaults(placement, pod.fields.placement.within) as CheckedPlacementInputs | undefined;
    expect(orderedCandidates(checkedGpu, checkedPlacement, cloud ?? "SECURE", catalog)).toEqual(expected);
  });

  const configuration = fc.record({ id: fc.constantFrom(H100, A100, L40S, "NVIDIA B200"), count: fc.integer({ min: 1, max: 8 }) });
  const listed = fc.record({
    gpu: configuration,
    alternatives: fc.array(configuration, { maxLength: 6 }),
    cloud: fc.constantFrom("SECURE", "COMMUNITY") as fc.Arbitrary<"SECURE" | "COMMUNITY">,
  });

  it("cheapest is a permutation of listed, sorted by price, with ties in listed order", () => {
    fc.assert(
      fc.property(listed, ({ gpu, alternatives, cloud }) => {
        const inOrder = orderedCandidates(gpu, { alternatives }, cloud, catalog);
        const cheapest = orderedCandidates(gpu, { alternatives, order: "cheapest" }, cloud, catalog);
        expect([...cheapest].sort(byKey)).toEqual([...inOrder].sort(byKey));
        const price = (c: GpuConfiguration) => {
          const type = catalog.find((entry) => entry.id === c.id);
          return type ? gpuHourlyPrice(type, c.count, cloud) : Number.POSITIVE_INFINITY;
        };
        for (let i = 1; i < cheapest.length; i++) {
          const [before, after] = [cheapest[i - 1]!, cheapest[i]!];
          expect(price(before)).toBeLessThanOrEqual(price(after));
          if (price(before) === price(after)) expect(positionIn(inOrder, before)).toBeLessThan(positionIn(inOrder, after));
        }
      }),
    );
  });

  it("listed starts with gpu, holds each configuration once, and every one of them is acceptable", () => {
    fc.assert(
      fc.property(listed, ({ gpu, alternatives, cloud }) => {
        const candidates = orderedCandidates(gpu, { alternatives }, cloud, catalog);
        expect(candidates[0]).toEqual(gpu);
        expect(new Set(candidates.map(key)).size).toBe(candidates.length);
        for (const candidate of [gpu, ...alternatives]) expect(isAcceptable(candidate, gpu, { alternatives })).toBe(true);
        expect(isAcceptable({ id: "NVIDIA RTX A6000", count: 1 }, gpu, { alternatives })).toBe(false);
      }),
    );
  });
});

describe("isAcceptable", () => {
  const rows = [
    { name: "gpu itself", running: { id: H100, count: 2 }, expected: true },
    { name: "an alternative", running: { id: L40S, count: 4 }, expected: true },
    { name: "an alternative's type with another count", running: { id: L40S, count: 2 }, expected: false },
    { name: "a type listed nowhere", running: { id: A100, count: 2 }, expected: false },
  ];
  it.each(rows)("$name: $expected", ({ running, expected }) => {
    expect(isAcceptable(running, { id: H100, count: 2 }, { alternatives: [{ id: L40S, count: 4 }] })).toBe(expected);
  });
});

describe("screenCandidates", () => {
  const live = [
    gpuType(H100, 2.99, 2.69, { "US-CA-2": "NONE", "EU-SE-1": "NONE" }),
    gpuType(A100, 1.64, 1.19, { "US-TX-3": "NONE", "US-CA-2": "HIGH" }),
    gpuType(L40S, 0.86, 0.79, { "US-TX-3": "LOW" }),
  ];
  const all: GpuConfiguration[] = [
    { id: H100, count: 1 },
    { id: A100, count: 2 },
    { id: L40S, count: 4 },
    { id: "NVIDIA B200", count: 1 },
  ];
  const rows: Array<{ name: string; screening: Omit<Screening, "catalog" | "cloud">; expected: Array<string | undefined> }> = [
    {
      name: "any data center",
      screening: {},
      expected: ["short: NONE in US-CA-2, EU-SE-1", undefined, undefined, "notOffered: not in the catalog"],
    },
    {
      name: "only US-TX-3: A100 is short there, H100 not offered",
      screening: { acceptableDataCenters: ["US-TX-3"] },
      expected: ["notOffered: not offered in US-TX-3", "short: NONE in US-TX-3", undefined, "notOffered: not in the catalog"],
    },
    {
      name: "a price cap of $3.30/h skips 4 x L40S ($3.44/h)",
      screening: { maxHourlyPrice: 3.3 },
      expected: [
        "short: NONE in US-CA-2, EU-SE-1",
        undefined,
        "overPrice: $3.44/h is above maxHourlyPrice $3.3/h",
        "notOffered: not in the catalog",
      ],
    },
    {
      name: "a cluster of 2 members doubles the price against the cap",
      screening: { maxHourlyPrice: 6, instances: 2 },
      expected: [
        "short: NONE in US-CA-2, EU-SE-1",
        "overPrice: $6.56/h is above maxHourlyPrice $6/h",
        "overPrice: $6.88/h is above maxHourlyPrice $6/h",
        "notOffered: not in the catalog",
      ],
    },
  ];
  it.each(rows)("$name", ({ screening, expected }) => {
    const screened = screenCandidates(all, { ...screening, catalog: live, cloud: "SECURE" });
    expect(screened.map(({ candidate }) => candidate)).toEqual(all);
    expect(screened.map(({ hold }) => (hold ? `${hold.kind}: ${hold.reason}` : undefined))).toEqual(expected);
  });
});

describe("capacityCheckDelayMs", () => {
  const rows = [
    { reads: 0, budgetMs: 1200, expected: 1200 },
    { reads: 1, budgetMs: 1200, expected: 2400 },
    { reads: 2, budgetMs: 1200, expected: 4800 },
    { reads: 7, budgetMs: 1200, expected: 60_000 },
    { reads: 0, budgetMs: 20_000, expected: 20_000 },
    { reads: 1, budgetMs: 20_000, expected: 40_000 },
    { reads: 3, budgetMs: 90_000, expected: 90_000 },
    { reads: 0, budgetMs: 300, expected: 1000 },
    { reads: 0, budgetMs: 0, expected: 15_000 },
    { reads: 2, budgetMs: 0, expected: 60_000 },
  ];
  it.each(rows)(
    "after $reads reads, with a quota share of one read per $budgetMs ms (0: no quota announced): $expected ms",
    ({ reads, budgetMs, expected }) => {
      expect(capacityCheckDelayMs(reads, budgetMs)).toBe(expected);
    },
  );
});

function key(candidate: GpuConfiguration): string {
  return `${candidate.count} x ${candidate.id}`;
}

function byKey(a: GpuConfiguration, b: GpuConfiguration): number {
  return key(a).localeCompare(key(b));
}

function positionIn(candidates: GpuConfiguration[], candidate: GpuConfiguration): number {
  return candidates.findIndex((entry) => key(entry) === key(candidate));
}
