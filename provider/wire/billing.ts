import { z } from "zod";

/** Length of one billing bucket. Buckets are aligned in UTC; weeks start on Monday. */
export const bucketSizes = ["hour", "day", "week", "month", "year"] as const;
export type BucketSize = (typeof bucketSizes)[number];

/**
 * The time window of a billing history: either `startTime`/`endTime`, or `lastN`. The service widens the window
 * to whole buckets and echoes the result in `metadata.query`.
 */
export interface BillingWindow {
  /**
   * Start of the window, RFC 3339 (such as `"2026-06-01T00:00:00Z"`), snapped down to the start of its bucket.
   * Before now when `endTime` is omitted. Excludes `lastN`. @default 30 days before now
   */
  startTime?: string;
  /**
   * End of the window, RFC 3339, exclusive; snapped up to the end of its bucket unless it is a boundary. After
   * `startTime` (after 30 days before now when `startTime` is omitted). Excludes `lastN`. @default now
   */
  endTime?: string;
  /** Length of each record's bucket. @default "day" */
  bucketSize?: BucketSize;
  /** The last N buckets, ending with the current (unfinished) one. At least 1. Excludes `startTime` and `endTime`. */
  lastN?: number;
}

/** Arguments of the pod billing history. */
export interface PodBillingQuery extends BillingWindow {
  /** Only this pod (GPU or CPU). @default every pod */
  podId?: string;
}

/** Arguments of the serverless billing history. */
export interface ServerlessBillingQuery extends BillingWindow {
  /** Only this serverless endpoint. @default every endpoint */
  serverlessId?: string;
}

/** Arguments of the network volume billing history. */
export interface NetworkVolumeBillingQuery extends BillingWindow {
  /** Only this network volume. @default every volume */
  networkVolumeId?: string;
}

/** Arguments of the cluster billing history. */
export interface ClusterBillingQuery extends BillingWindow {
  /** Only this cluster. @default every cluster */
  clusterId?: string;
}

const rfc3339 = z.iso.datetime({ offset: true, error: "must be an RFC 3339 date-time, such as 2026-06-01T00:00:00Z" });

/** How far back a window reaches when `startTime` is omitted. */
export const DEFAULT_LOOKBACK_MS = 30 * 24 * 3_600_000;

/**
 * Validates a billing window before any call: formats, bounds, and the rules between the parameters, with the
 * omitted end of the window at its default (`endTime` now, `startTime` 30 days before now). `now` is the current
 * time in ms since the epoch, so that the window is judged as the service will judge it.
 */
export function billingWindowSchema(now: number) {
  return z
    .strictObject({
      startTime: rfc3339.optional(),
      endTime: rfc3339.optional(),
      bucketSize: z.enum(bucketSizes).optional(),
      lastN: z.int().min(1).optional(),
    })
    .superRefine((window, context) => {
      if (window.lastN !== undefined) {
        for (const name of ["startTime", "endTime"] as const) {
          if (window[name] !== undefined) {
            context.addIssue({ code: "custom", path: [name], message: "cannot be combined with lastN; send one or the other" });
          }
        }
        return;
      }
      const start = window.startTime === undefined ? now - DEFAULT_LOOKBACK_MS : Date.parse(window.startTime);
      const end = window.endTime === undefined ? now : Date.parse(window.endTime);
      // A malformed time has its own issue already.
      if (Number.isNaN(start) || Number.isNaN(end) || start < end) return;
      if (window.endTime === undefined) {
        context.addIssue({
          code: "custom",
          path: ["startTime"],
          message: "must be before now when endTime is omitted, as endTime defaults to now",
        });
      } else if (window.startTime === undefined) {
        context.addIssue({
          code: "custom",
          path: ["endTime"],
          message: "must be after 30 days before now when startTime is omitted, as startTime defaults to 30 days before now",
        });
      } else {
        context.addIssue({ code: "custom", path: ["endTime"], message: "must be after startTime" });
      }
    });
}

/** A billing window narrowed to one resource, whose id argument is `idField`; `now` as {@link billingWindowSchema}. */
export function filteredBillingWindowSchema<const IdField extends string>(idField: IdField, now: number) {
  return billingWindowSchema(now).safeExtend({ [idField]: z.string().min(1).optional() } as Record<IdField, z.ZodOptional<z.ZodString>>);
}

// Compile-time proof that the validators and the documented argument types agree.
const windowMatch: (now: number) => z.ZodType<BillingWindow, BillingWindow> = billingWindowSchema;
const podMatch: (now: number) => z.ZodType<PodBillingQuery, PodBillingQuery> = (now) => filteredBillingWindowSchema("podId", now);
void windowMatch;
void podMatch;

function amounts<const Names extends readonly string[]>(...names: Names) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.number()])) as { [Name in Names[number]]: z.ZodNumber });
}

const timeRange = z.object({ startTime: z.string(), endTime: z.string() });
const resolvedWindow = timeRange.extend({ bucketSize: z.enum(bucketSizes) });

const aggregateAmounts = amounts(
  "totalAmount",
  "podGpuAmount",
  "podCpuAmount",
  "podDiskAmount",
  "serverlessGpuAmount",
  "serverlessCpuAmount",
  "serverlessDiskAmount",
  "serverlessFeeAmount",
  "storageStandardAmount",
  "storageHighPerformanceAmount",
  "endpointAmount",
  "clusterGpuAmount",
  "clusterDiskAmount",
  "clusterNetworkingAmount",
);
const podAmounts = amounts("totalAmount", "gpuAmount", "cpuAmount", "diskAmount");
const serverlessAmounts = amounts("totalAmount", "gpuAmount", "cpuAmount", "diskAmount", "feeAmount");
const networkVolumeAmounts = amounts("totalAmount", "standardAmount", "highPerformanceAmount");
const endpointAmounts = amounts("totalAmount");
const clusterAmounts = amounts("totalAmount", "gpuAmount", "diskAmount", "networkingAmount");

/** `GET /v2/billing`: each bucket's spend across every resource family, in USD. */
export const billingHistorySchema = z.object({
  records: z.array(timeRange.extend(aggregateAmounts.shape)),
  metadata: z.object({ query: resolvedWindow, recordCount: z.int(), totals: aggregateAmounts }),
});
export type BillingHistory = z.infer<typeof billingHistorySchema>;

/** `GET /v2/billing/pods`: a record per pod per bucket. */
export const podBillingHistorySchema = z.object({
  records: z.array(timeRange.extend({ podId: z.string() }).extend(podAmounts.shape)),
  metadata: z.object({
    query: resolvedWindow.extend({ podId: z.string().nullable().optional() }),
    recordCount: z.int(),
    uniquePodCount: z.int(),
    totals: podAmounts,
  }),
});
export type PodBillingHistory = z.infer<typeof podBillingHistorySchema>;

/** `GET /v2/billing/serverless`: a record per serverless endpoint per bucket. */
export const serverlessBillingHistorySchema = z.object({
  records: z.array(timeRange.extend({ serverlessId: z.string() }).extend(serverlessAmounts.shape)),
  metadata: z.object({
    query: resolvedWindow.extend({ serverlessId: z.string().nullable().optional() }),
    recordCount: z.int(),
    uniqueServerlessCount: z.int(),
    totals: serverlessAmounts,
  }),
});
export type ServerlessBillingHistory = z.infer<typeof serverlessBillingHistorySchema>;

/** `GET /v2/billing/network-volumes`: a record per network volume per bucket. */
export const networkVolumeBillingHistorySchema = z.object({
  records: z.array(timeRange.extend({ networkVolumeId: z.string() }).extend(networkVolumeAmounts.shape)),
  metadata: z.object({
    query: resolvedWindow.extend({ networkVolumeId: z.string().nullable().optional() }),
    recordCount: z.int(),
    uniqueNetworkVolumeCount: z.int(),
    totals: networkVolumeAmounts,
  }),
});
export type NetworkVolumeBillingHistory = z.infer<typeof networkVolumeBillingHistorySchema>;

/** `GET /v2/billing/endpoints`: public endpoint spend per bucket. */
export const endpointBillingHistorySchema = z.object({
  records: z.array(timeRange.extend(endpointAmounts.shape)),
  metadata: z.object({ query: resolvedWindow, recordCount: z.int(), totals: endpointAmounts }),
});
export type EndpointBillingHistory = z.infer<typeof endpointBillingHistorySchema>;

/** `GET /v2/billing/clusters`: a record per cluster per bucket. */
export const clusterBillingHistorySchema = z.object({
  records: z.array(timeRange.extend({ clusterId: z.string() }).extend(clusterAmounts.shape)),
  metadata: z.object({
    query: resolvedWindow.extend({ clusterId: z.string().nullable().optional() }),
    recordCount: z.int(),
    uniqueClusterCount: z.int(),
    totals: clusterAmounts,
  }),
});
export type ClusterBillingHistory = z.infer<typeof clusterBillingHistorySchema>;
