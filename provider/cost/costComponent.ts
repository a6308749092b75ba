/** Hours in a month, as monthly figures are derived: hourly × 730. */
export const HOURS_PER_MONTH = 730;

/** One priced part of a resource, in the shape of an Infracost cost component. */
export interface CostComponent {
  /** What is priced, e.g. `GPU (NVIDIA L40S, secure cloud)` or `Network volume storage (HIGH_PERFORMANCE)`. */
  name: string;
  /** The unit priced, e.g. `GPU-hours`, `vCPU-hours`, `GB-months`, `worker-seconds`. */
  unit: string;
  /** Units used per hour; 0 for a use-based part with no usage estimate. */
  hourlyQuantity: number;
  /** USD per unit. */
  price: number;
  /** USD per hour: hourlyQuantity × price. */
  hourlyCost: number;
  /** Priced by use (serverless requests, job runs) rather than by the hour it stands. */
  usageBased: boolean;
  /** The catalog or the storage table had no price for it; its cost counts as 0. */
  priceNotFound: boolean;
  /** Where the price came from, e.g. `catalog: NVIDIA L40S secure price`, `storage table (default)`. */
  source: string;
  /**
   * At preview, for a resource with `placement` not yet created: the configuration it is priced at, the one a create
   * would choose now, and what this part would cost on each acceptable configuration. Absent once it runs.
   */
  placement?: PlacedPrice;
}

/** What a part of a resource with `placement` costs on the configuration a create would choose now, and on the others. */
export interface PlacedPrice {
  /** The configuration priced, as messages name it: `1 x NVIDIA A100 80GB PCIe`. */
  configuration: string;
  /** USD per hour of the part on the cheapest acceptable configuration. */
  lowestHourlyCost: number;
  /** USD per hour of the part on the dearest acceptable configuration. */
  highestHourlyCost: number;
}
