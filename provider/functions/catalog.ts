import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import {
  type Compliance,
  complianceCertifications,
  type CpuProduct,
  cpuProducts,
  type CpuType,
  type DataCenter,
  type DataCenterInclude,
  dataCenterIncludes,
  type DataCenterRegion,
  dataCenterRegions,
  type GpuAvailabilityQuery,
  type GpuProduct,
  gpuProducts,
  type GpuType,
} from "../wire/catalog";
import { type VolumeType, volumeTypes } from "../wire/catalog";
import { type Cloud, clouds } from "../wire/catalog";
import { sharedClient } from "../sharedClient";
import { cheapestGpuType, describeGpuNeed, type GpuNeed, selectCpuTypes, selectGpuTypes, vcpuCountFor } from "./catalogSelection";
import { outputForm } from "./outputForm";
import { parseArgs } from "./parseArgs";
import { readOne } from "./readOne";
import { UserError } from "../errors";

/** The configuration GPU availability is read for. */
export interface GpuAvailabilityArgs {
  /**
   * What the GPUs are for: pods, cluster nodes or serverless workers. Availability and `inStock` are for this
   * product, and it decides the price the filters compare: the pod rate in `cloud` (`price.secure` or
   * `price.community`) for POD and CLUSTER, the rate of the type's serverless pool (`price.serverless`) for
   * SERVERLESS. @default "POD"
   */
  product?: GpuProduct;
  /**
   * Cloud the pods (or nodes, or workers) run in: availability is read there, and POD and CLUSTER types are priced
   * there. @default "SECURE"
   */
  cloud?: Cloud;
  /** GPUs per pod (or per worker, or per cluster node). At least 1. @default 1 */
  count?: number;
  /** Only data centers in these countries count: ISO 3166-1 alpha-2 codes, uppercase, such as `["US", "CA"]`. */
  countryCodes?: string[];
  /** Only hosts on this CUDA version or newer count: a major (`"12"`) or `major.minor` (`"12.4"`). */
  minCudaVersion?: string;
}

/** Arguments of {@link getGpuType}. */
export interface GetGpuTypeArgs extends GpuAvailabilityArgs {
  /** Id of the GPU type, such as `"NVIDIA L40S"`. */
  id: string;
}

/** Arguments of {@link getGpuTypes}. Every filter is optional; together they narrow the list. */
export interface GetGpuTypesArgs extends GpuAvailabilityArgs {
  /** Least memory (VRAM) per GPU, in GB. At least 1. */
  minMemory?: number;
  /** Highest list price per GPU-hour for `product` (the pod rate in `cloud`, or the serverless rate), in USD. At least 0. */
  maxPrice?: number;
  /** Only types by this manufacturer, such as `"NVIDIA"` or `"AMD"`. */
  manufacturer?: string;
  /** Only types offered in this data center (for `product`, `cloud` and `count`), such as `"US-TX-3"`. */
  dataCenter?: string;
  /** Only types that have stock now for `product`, `cloud` and `count` (in `dataCenter` when given). @default false */
  inStock?: boolean;
}

/** Arguments of {@link getCheapestGpuType}: the need the type has to meet. */
export interface GetCheapestGpuTypeArgs extends GetGpuTypesArgs {
  /** Least memory (VRAM) per GPU, in GB. At least 1. */
  minMemory: number;
}

/** Result of {@link getGpuTypes}, shaped as the v2 GPU type list. */
export interface GetGpuTypesResult {
  /** The matching types in catalog order, each with its availability for the configuration asked about. */
  gpus: GpuType[];
}

/** The configuration CPU availability is read for. */
export interface CpuAvailabilityArgs {
  /** What the CPUs are for: availability and `inStock` are for this product. @default "POD" */
  product?: CpuProduct;
}

/** Arguments of {@link getCpuType}. */
export interface GetCpuTypeArgs extends CpuAvailabilityArgs {
  /** Id of the CPU flavor, such as `"cpu5c"`. */
  id: string;
  /** vCPUs of the instance availability is read for: a power of two, at least 2. @default the flavor's smallest */
  vcpuCount?: number;
}

/** Arguments of {@link getCpuTypes}. Every filter is optional; together they narrow the list. */
export interface GetCpuTypesArgs extends CpuAvailabilityArgs {
  /**
   * Only flavors whose largest instance has at least this many vCPUs. At least 1. Availability is then read for
   * the smallest power of two that is at least this (and 2).
   */
  minVcpus?: number;
  /** Only flavors offered in this data center, such as `"EU-SE-1"`. */
  dataCenter?: string;
  /** Only flavors that have stock now for `product` (in `dataCenter` when given). @default false */
  inStock?: boolean;
}

/** Result of {@link getCpuTypes}, shaped as the v2 CPU flavor list. */
export interface GetCpuTypesResult {
  /** The matching flavors in catalog order, each with its availability. */
  cpus: CpuType[];
}

/** Arguments of {@link getDataCenter}. */
export interface GetDataCenterArgs {
  /** Id of the data center, such as `"EU-RO-1"`. */
  id: string;
  /** Availability to add: of each GPU type (`GPU_AVAILABILITY`) and CPU flavor (`CPU_AVAILABILITY`) offered there. */
  include?: DataCenterInclude[];
}

/** Arguments of {@link getDataCenters}. Every filter is optional; together (AND) they narrow the list. */
export interface GetDataCentersArgs {
  /** Only data centers in one of these regions. At least one region when given. */
  regions?: DataCenterRegion[];
  /** Only data centers holding every one of these certifications. At least one when given. */
  compliance?: Compliance[];
  /** Only data centers that support global networking (`true`) or that do not (`false`). */
  globalNetwork?: boolean;
  /** Only data centers offering every one of these network volume types. At least one when given. */
  networkVolumeTypes?: VolumeType[];
  /** Availability to add: of each GPU type (`GPU_AVAILABILITY`) and CPU flavor (`CPU_AVAILABILITY`) offered there. */
  include?: DataCenterInclude[];
}

/** Result of {@link getDataCenters}, shaped as the v2 data center list. */
export interface GetDataCentersResult {
  /** The matching data centers, in catalog order. */
  dataCenters: DataCenter[];
}

const nonEmpty = <Item extends z.ZodType>(item: Item) => z.array(item).min(1, "needs at least one entry; omit it for no filter");

const gpuAvailabilityArgs = {
  product: z.enum(gpuProducts).optional(),
  cloud: z.enum(clouds).optional(),
  count: z.int().min(1).optional(),
  countryCodes: nonEmpty(z.string().regex(/^[A-Z]{2}$/, "must be an uppercase ISO 3166-1 alpha-2 code, such as US")).optional(),
  minCudaVersion: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a CUDA version such as 12 or 12.4")
    .optional(),
};
const gpuFilterArgs = {
  ...gpuAvailabilityArgs,
  minMemory: z.int().min(1).optional(),
  maxPrice: z.number().min(0).optional(),
  manufacturer: z.string().min(1).optional(),
  dataCenter: z.string().min(1).optional(),
  inStock: z.boolean().optional(),
};
const getGpuTypeArgsSchema = z.strictObject({ ...gpuAvailabilityArgs, id: z.string().min(1) });
const getGpuTypesArgsSchema = z.strictObject(gpuFilterArgs);
const getCheapestGpuTypeArgsSchema = z.strictObject({ ...gpuFilterArgs, minMemory: z.int().min(1) });

const cpuAvailabilityArgs = { product: z.enum(cpuProducts).optional() };
const getCpuTypeArgsSchema = z.strictObject({
  ...cpuAvailabilityArgs,
  id: z.string().min(1),
  vcpuCount: z
    .int()
    .min(2)
    .refine((count) => (count & (count - 1)) === 0, "must be a power of two")
    .optional(),
});
const getCpuTypesArgsSchema = z.strictObject({
  ...cpuAvailabilityArgs,
  minVcpus: z.int().min(1).optional(),
  dataCenter: z.string().min(1).optional(),
  inStock: z.boolean().optional(),
});

const include = nonEmpty(z.enum(dataCenterIncludes)).optional();
const getDataCenterArgsSchema = z.strictObject({ id: z.string().min(1), include });
const getDataCentersArgsSchema = z.strictObject({
  regions: nonEmpty(z.enum(dataCenterRegions)).optional(),
  compliance: nonEmpty(z.enum(complianceCertifications)).optional(),
  globalNetwork: z.boolean().optional(),
  networkVolumeTypes: nonEmpty(z.enum(volumeTypes)).optional(),
  include,
});

// Compile-time proof that the validators and the documented argument types agree.
const gpuTypeArgsMatch: z.ZodType<GetGpuTypeArgs, GetGpuTypeArgs> = getGpuTypeArgsSchema;
const gpuTypesArgsMatch: z.ZodType<GetGpuTypesArgs, GetGpuTypesArgs> = getGpuTypesArgsSchema;
const cheapestArgsMatch: z.ZodType<GetCheapestGpuTypeArgs, GetCheapestGpuTypeArgs> = getCheapestGpuTypeArgsSchema;
const cpuTypeArgsMatch: z.ZodType<GetCpuTypeArgs, GetCpuTypeArgs> = getCpuTypeArgsSchema;
const cpuTypesArgsMatch: z.ZodType<GetCpuTypesArgs, GetCpuTypesArgs> = getCpuTypesArgsSchema;
const dataCenterArgsMatch: z.ZodType<GetDataCenterArgs, GetDataCenterArgs> = getDataCenterArgsSchema;
const dataCentersArgsMatch: z.ZodType<GetDataCentersArgs, GetDataCentersArgs> = getDataCentersArgsSchema;
void [gpuTypeArgsMatch, gpuTypesArgsMatch, cheapestArgsMatch, cpuTypeArgsMatch, cpuTypesArgsMatch];
void [dataCenterArgsMatch, dataCentersArgsMatch];

/**
 * A GPU type from the catalog, with its availability for the configuration asked about (a single-GPU pod in the
 * SECURE cloud unless stated). Fails with a message naming the id when the catalog has no such type.
 *
 * @example
 * const l40s = await cp.getGpuType({ id: "NVIDIA L40S", count: 2 });
 */
export async function getGpuType(args: GetGpuTypeArgs): Promise<GpuType> {
  const { id, ...availability } = parseArgs("getGpuType", getGpuTypeArgsSchema, args);
  return readOne(sharedClient().catalog.gpu(id, gpuAvailabilityQuery(availability)), `getGpuType: the catalog has no GPU type "${id}"`);
}

/** {@link getGpuType} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getGpuTypeOutput(args: DeepInput<GetGpuTypeArgs>): pulumi.Output<GpuType> {
  return outputForm<GetGpuTypeArgs, GpuType>(getGpuType, args);
}

/**
 * The GPU types on offer that meet every filter given, in catalog order, each with its availability for the
 * configuration asked about (a single-GPU pod in the SECURE cloud unless stated). Only types offered for `product`
 * in some data center (for `cloud`, `count`, `countryCodes` and `minCudaVersion`) are listed: for SERVERLESS, only
 * types in a serverless pool; for POD and CLUSTER, only types sold in `cloud`.
 *
 * @example
 * const { gpus } = await cp.getGpuTypes({ minMemory: 48, maxPrice: 1, inStock: true });
 */
export async function getGpuTypes(args: GetGpuTypesArgs = {}): Promise<GetGpuTypesResult> {
  const parsed = parseArgs("getGpuTypes", getGpuTypesArgsSchema, args);
  return { gpus: selectGpuTypes(await gpusWithAvailability(parsed), gpuNeed(parsed)) };
}

/** {@link getGpuTypes} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getGpuTypesOutput(args?: DeepInput<GetGpuTypesArgs>): pulumi.Output<GetGpuTypesResult> {
  return outputForm<GetGpuTypesArgs, GetGpuTypesResult>(getGpuTypes, args);
}

/**
 * The cheapest GPU type that meets the need (offered for `product`, as {@link getGpuTypes} lists them), by list
 * price per GPU-hour for `product`: the pod rate in `cloud` for POD and CLUSTER, the serverless pool's rate for
 * SERVERLESS. Among equally priced types, the one with more memory, then the smaller id. Fails with a message
 * listing every part of the need when no type meets it.
 *
 * @example
 * const gpu = cp.getCheapestGpuTypeOutput({ minMemory: 48, inStock: true });
 * new cp.Pod("inference", { name: "inference", image: "org/server:1", gpu: { id: gpu.id } });
 */
export async function getCheapestGpuType(args: GetCheapestGpuTypeArgs): Promise<GpuType> {
  const parsed = parseArgs("getCheapestGpuType", getCheapestGpuTypeArgsSchema, args);
  const need = gpuNeed(parsed);
  const cheapest = cheapestGpuType(await gpusWithAvailability(parsed), need);
  if (cheapest === undefined) throw new UserError(`getCheapestGpuType: no GPU type meets the need: ${describeGpuNeed(need)}`);
  return cheapest;
}

/** {@link getCheapestGpuType} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getCheapestGpuTypeOutput(args: DeepInput<GetCheapestGpuTypeArgs>): pulumi.Output<GpuType> {
  return outputForm<GetCheapestGpuTypeArgs, GpuType>(getCheapestGpuType, args);
}

/**
 * A CPU flavor from the catalog, with its availability for pods (or `product`). Fails with a message naming the
 * id when the catalog has no such flavor.
 *
 * @example
 * const cpu5c = await cp.getCpuType({ id: "cpu5c", vcpuCount: 8 });
 */
export async function getCpuType(args: GetCpuTypeArgs): Promise<CpuType> {
  const { id, product = "POD", vcpuCount } = parseArgs("getCpuType", getCpuTypeArgsSchema, args);
  return readOne(sharedClient().catalog.cpu(id, { product: [product], vcpuCount }), `getCpuType: the catalog has no CPU flavor "${id}"`);
}

/** {@link getCpuType} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getCpuTypeOutput(args: DeepInput<GetCpuTypeArgs>): pulumi.Output<CpuType> {
  return outputForm<GetCpuTypeArgs, CpuType>(getCpuType, args);
}

/**
 * The CPU flavors on offer that meet every filter given, in catalog order, each with its availability.
 *
 * @example
 * const { cpus } = await cp.getCpuTypes({ minVcpus: 16, dataCenter: "US-TX-3", inStock: true });
 */
export async function getCpuTypes(args: GetCpuTypesArgs = {}): Promise<GetCpuTypesResult> {
  const { product = "POD", minVcpus, dataCenter, inStock = false } = parseArgs("getCpuTypes", getCpuTypesArgsSchema, args);
  const vcpuCount = minVcpus === undefined ? undefined : vcpuCountFor(minVcpus);
  const cpus = await sharedClient().catalog.cpus({ product: [product], vcpuCount });
  return { cpus: selectCpuTypes(cpus, { minVcpus, dataCenter, inStock }) };
}

/** {@link getCpuTypes} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getCpuTypesOutput(args?: DeepInput<GetCpuTypesArgs>): pulumi.Output<GetCpuTypesResult> {
  return outputForm<GetCpuTypesArgs, GetCpuTypesResult>(getCpuTypes, args);
}

/**
 * A data center from the catalog. Fails with a message naming the id when the catalog has no such data center.
 *
 * @example
 * const texas = await cp.getDataCenter({ id: "US-TX-3", include: ["GPU_AVAILABILITY"] });
 */
export async function getDataCenter(args: GetDataCenterArgs): Promise<DataCenter> {
  const { id, include: expansions } = parseArgs("getDataCenter", getDataCenterArgsSchema, args);
  return readOne(sharedClient().catalog.dataCenter(id, expansions), `getDataCenter: the catalog has no data center "${id}"`);
}

/** {@link getDataCenter} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getDataCenterOutput(args: DeepInput<GetDataCenterArgs>): pulumi.Output<DataCenter> {
  return outputForm<GetDataCenterArgs, DataCenter>(getDataCenter, args);
}

/**
 * The data centers that meet every filter given, in catalog order; the API filters them.
 *
 * @example
 * const { dataCenters } = await cp.getDataCenters({ regions: ["EUROPE"], compliance: ["GDPR"] });
 */
export async function getDataCenters(args: GetDataCentersArgs = {}): Promise<GetDataCentersResult> {
  const query = parseArgs("getDataCenters", getDataCentersArgsSchema, args);
  return { dataCenters: await sharedClient().catalog.dataCenters(query) };
}

/** {@link getDataCenters} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getDataCentersOutput(args?: DeepInput<GetDataCentersArgs>): pulumi.Output<GetDataCentersResult> {
  return outputForm<GetDataCentersArgs, GetDataCentersResult>(getDataCenters, args);
}

function gpuAvailabilityQuery(args: GpuAvailabilityArgs): GpuAvailabilityQuery {
  const { product = "POD", cloud, count, countryCodes, minCudaVersion } = args;
  return { product: [product], cloud, count, countryCodes, minCudaVersion };
}

/** The catalog with availability for the configuration of the arguments: the API scopes it, filters run here. */
async function gpusWithAvailability(args: GpuAvailabilityArgs): Promise<GpuType[]> {
  return sharedClient().catalog.gpus(gpuAvailabilityQuery(args));
}

function gpuNeed(args: GetGpuTypesArgs): GpuNeed {
  const { product = "POD", cloud = "SECURE", count = 1, inStock = false, ...filters } = args;
  return { ...filters, product, cloud, count, inStock };
}
