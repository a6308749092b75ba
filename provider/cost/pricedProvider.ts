import type * as dynamic from "@pulumi/pulumi/dynamic";
import { sameValue } from "../values/sameValue";
import { containsUnknown, UNKNOWN } from "../values/unknown";
import { COST_OUTPUTS, type CostEstimate, estimateOf } from "./costEstimate";
import { hourlyPriceCapFailures } from "./hourlyPriceCap";
import { placedEstimate, settledEstimate } from "./placedEstimate";
import type { PlacedCheckResult, PlacementChoice } from "../placement/placementChoice";
import { readPriceLists } from "./priceLists";
import type { Pricing } from "./pricing";
import { storageRate } from "./storageTable";

/** The provider methods a priced kind's module exports. */
export interface ProviderMethods {
  check(olds: never, news: never): Promise<dynamic.CheckResult>;
  diff(id: string, olds: never, news: never): Promise<dynamic.DiffResult>;
  create(inputs: never): Promise<dynamic.CreateResult>;
  read(id: string, props: never): Promise<dynamic.ReadResult>;
  update(id: string, olds: never, news: never): Promise<dynamic.UpdateResult>;
  delete(id: string, props?: never): Promise<void>;
}

type Outs<Result> = Result extends { outs?: infer Outputs } ? Outputs : never;
type CheckedInputs<Result> = Result extends { inputs?: infer Inputs } ? Inputs : never;

/** A priced kind's provider methods: the same, with the cost outputs among the checked arguments and the outputs. */
export type PricedMethods<Methods extends ProviderMethods> = Omit<Methods, "check" | "create"> & {
  check(
    olds: Parameters<Methods["check"]>[0],
    news: Parameters<Methods["check"]>[1],
  ): Promise<dynamic.CheckResult<CheckedInputs<Awaited<ReturnType<Methods["check"]>>> & CostEstimate>>;
  create(
    inputs: Parameters<Methods["create"]>[0],
  ): Promise<dynamic.CreateResult<Outs<Awaited<ReturnType<Methods["create"]>>> & CostEstimate>>;
};

/** The argument that refuses a resource priced above it; it only steers the provider and is never sent to the API. */
const PRICE_CAP = "maxHourlyPrice";

type Properties = Record<string, unknown>;

/**
 * A kind's provider methods, priced: `check` adds `estimatedHourlyCost` and `costBreakdown` to the checked
 * arguments, so that the engine shows them at preview and state keeps them, and refuses a resource priced above
 * its `maxHourlyPrice`; `create`, `read` and `update` carry them into the outputs, and the kind's own methods
 * never see them (nor `maxHourlyPrice`).
 *
 * The estimate reads each catalog list once per process (see `readPriceLists`); while the arguments it depends on
 * are those state recorded it with, the recorded one stands and nothing is read. It is unknown at preview while an
 * argument it depends on is. A resource that `placement` will place is priced at the configuration a create would
 * choose now, as the kind's check found it (`placementChoice`), with the range over its acceptable ones; what runs
 * keeps the estimate of the configuration it runs.
 */
export function pricedProvider<Methods extends ProviderMethods>(
  pricing: Pricing<CheckedInputs<Awaited<ReturnType<Methods["check"]>>>>,
  methods: Methods,
): PricedMethods<Methods> {
  const kind = methods as unknown as {
    check(olds: Properties, news: Properties): Promise<PlacedCheckResult<Properties>>;
    diff(id: string, olds: Properties, news: Properties): Promise<dynamic.DiffResult>;
    create(inputs: Properties): Promise<dynamic.CreateResult<Properties>>;
    read(id: string, props?: Properties): Promise<dynamic.ReadResult<Properties>>;
    update(id: string, olds: Properties, news: Properties): Promise<dynamic.UpdateResult<Properties>>;
  };
  const priced = pricing as unknown as Pricing<Properties>;
  const pricedMethods = {
    ...methods,

    async check(olds: Properties, news: Properties): Promise<dynamic.CheckResult<Properties>> {
      const { placementChoice, ...result } = await kind.check(olds, withoutEstimate(news));
      if (result.inputs === undefined) return result;
      const estimate = await estimated(priced, olds, result.inputs, placementChoice);
      // With alternatives, placement skips the candidates above the cap, and fails only when none is left.
      const failures = result.inputs.placement === undefined ? hourlyPriceCapFailures(result.inputs[PRICE_CAP], estimate) : [];
      return failures.length > 0 ? { failures } : { inputs: { ...result.inputs, ...estimate } };
    },

    diff: (id: string, olds: Properties, news: Properties) => kind.diff(id, withoutEstimate(olds), withoutEstimate(news)),

    async create(inputs: Properties): Promise<dynamic.CreateResult<Properties>> {
      // The cap stays: placement skips the candidates above it.
      const result = await kind.create(withoutEstimate(inputs));
      const { [PRICE_CAP]: _cap, ...outs } = result.outs ?? {};
      const placed = priced.placed?.(inputs, outs) ?? inputs;
      return { ...result, outs: { ...outs, ...(await estimated(priced, inputs, placed)) } };
    },

    async read(id: string, props?: Properties): Promise<dynamic.ReadResult<Properties>> {
      const result = await kind.read(id, props === undefined ? undefined : withoutEstimate(props));
      const estimate = props === undefined ? undefined : recordedEstimate(props);
      if (!result.id || estimate === undefined) return result;
      return {
        ...result,
        props: { ...result.props, ...estimate },
        ...(result.inputs === undefined ? {} : { inputs: { ...result.inputs, ...estimate } }),
      };
    },

    async update(id: string, olds: Properties, news: Properties): Promise<dynamic.UpdateResult<Properties>> {
      const result = await kind.update(id, withoutEstimate(olds), apiArguments(news));
      const estimate = recordedEstimate(news);
      return { ...result, outs: { ...result.outs, ...(estimate && settledEstimate(estimate)) } };
    },
  };
  return pricedMethods as unknown as PricedMethods<Methods>;
}

/**
 * The estimate of checked arguments: the recorded one while what the price depends on is unchanged; with the choice
 * placement would make now (at check), that of the configuration chosen.
 */
async function estimated(
  pricing: Pricing<Properties>,
  olds: Properties,
  inputs: Properties,
  choice?: PlacementChoice,
): Promise<CostEstimate> {
  const priceInputs = pricing.priceInputs(inputs);
  if (containsUnknown(priceInputs)) return { estimatedHourlyCost: UNKNOWN, costBreakdown: UNKNOWN } as unknown as CostEstimate;
  const lists = pricing.lists(inputs);
  const recorded = recordedEstimate(olds);
  if (lists.length > 0 && recorded !== undefined && sameValue(pricing.priceInputs(olds), priceInputs)) return settledEstimate(recorded);
  const prices = { ...(await readPriceLists(lists)), storage: storageRate };
  return (choice && placedEstimate(pricing, inputs, choice, prices)) ?? estimateOf(pricing.components(inputs, prices));
}

/** The estimate recorded in a property bag, when it holds a known one. */
function recordedEstimate(properties: Properties): CostEstimate | undefined {
  const { estimatedHourlyCost, costBreakdown } = properties;
  if (typeof estimatedHourlyCost !== "number" || !Array.isArray(costBreakdown)) return undefined;
  return { estimatedHourlyCost, costBreakdown } as CostEstimate;
}

function withoutEstimate(properties: Properties): Properties {
  const rest = { ...properties };
  for (const name of COST_OUTPUTS) delete rest[name];
  return rest;
}

/** The arguments as the kind's own methods take them: without the estimate, nor the cap that only steers the provider. */
function apiArguments(inputs: Properties): Properties {
  const { [PRICE_CAP]: _cap, ...rest } = withoutEstimate(inputs);
  return rest;
}
