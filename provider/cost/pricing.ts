import type { GpuConfiguration } from "../placement/candidates";
import type { VolumeType } from "../wire/catalog";
import type { CostComponent } from "./costComponent";
import type { PriceListName, PriceLists } from "./priceLists";
import type { StorageRate } from "./storageTable";

/** The prices a kind is priced from: the catalog lists its `lists` named, and the storage table. */
export interface Prices extends Partial<PriceLists> {
  storage(type: VolumeType): StorageRate;
}

/** How a kind is priced from its checked arguments. */
export interface Pricing<Inputs> {
  /**
   * The arguments the price depends on, as given (so that an unknown among them is seen): while they are unchanged,
   * the recorded estimate stands, with no catalog read.
   */
  priceInputs(inputs: Inputs): unknown;
  /** The catalog lists the price is read from; none for a kind priced from the storage table alone. */
  lists(inputs: Inputs): PriceListName[];
  /** The priced parts: a pure function of the arguments and the prices. */
  components(inputs: Inputs, prices: Prices): CostComponent[];
  /**
   * The arguments with the configuration a create placed the resource on, where `placement` may choose another
   * than the one asked for first: the estimate kept in state is that of what runs.
   */
  placed?(inputs: Inputs, outputs: Record<string, unknown>): Inputs;
  /** The arguments as if placed on `candidate`, one of `placement`'s acceptable configurations: what check prices. */
  onCandidate?(inputs: Inputs, candidate: GpuConfiguration): Inputs;
}
