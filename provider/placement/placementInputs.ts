import { z } from "zod";

/** The orders in which placement tries the acceptable GPU configurations. */
export const placementOrders = ["listed", "cheapest"] as const;
export type PlacementOrder = (typeof placementOrders)[number];

/** A GPU configuration acceptable in place of `gpu`. */
export interface GpuAlternativeInputs {
  /**
   * GPU type identifier as listed by `GET /v2/catalog/gpus`, for example `"NVIDIA L40S"`.
   * @minLength 1
   */
  id: string;
  /**
   * Number of GPUs of this type: it may differ from `gpu`'s (4 × L40S instead of 2 × H100). Minimum 1.
   * @TJS-type integer
   * @minimum 1
   * @default 1
   */
  count?: number;
}

/**
 * Other acceptable GPU configurations, and the order to try them in, when `gpu` has no capacity. With it, a create
 * reads the catalog's availability once, skips configurations sold out in every acceptable data center, moves to
 * the next one at once when the service answers that it has no instances, and when all are short waits for
 * capacity (polling availability, within the resource's deadline) instead of failing. Changing it replaces the
 * resource only when the configuration it runs is no longer acceptable.
 */
export interface PlacementInputs {
  /**
   * Acceptable alternatives to `gpu`, most preferred first; a count may differ (4 × L40S instead of 2 × H100).
   * At most 16.
   * @maxItems 16
   */
  alternatives?: GpuAlternativeInputs[];
  /**
   * `listed`: `gpu`, then the alternatives in order. `cheapest`: all of them by catalog price (the type's price in
   * the resource's cloud × count), ties in listed order.
   * @default "listed"
   */
  order?: PlacementOrder;
}

/** `placement` after `check`: every alternative with its count. */
export type CheckedPlacementInputs = PlacementInputs & { alternatives?: (GpuAlternativeInputs & { count: number })[] };

export const placementInputs = z.strictObject({
  alternatives: z
    .array(z.strictObject({ id: z.string().min(1), count: z.int().min(1).optional() }))
    .max(16)
    .optional(),
  order: z.enum(placementOrders).optional(),
});

// Compile-time proof that the validator and the documented argument type agree.
const placementInputsMatch: z.ZodType<PlacementInputs, PlacementInputs> = placementInputs;
void placementInputsMatch;

/** The defaults of `placement`, a pod's or a cluster's: each alternative is one GPU unless it says more. */
export const placementDefaults = { alternatives: [{ count: 1 }] } as const;
