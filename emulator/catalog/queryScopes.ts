import type { z } from "zod";
import { Problem } from "../http/problem";
import { cpuCatalogQuery, gpuCatalogQuery } from "../schemas";
import type { CpuAvailabilityScope, GpuAvailabilityScope } from "./availability";

/** What availability a catalog query asks for, read from its parameters; malformed entries are a 422. */

type GpuQuery = z.output<typeof gpuCatalogQuery>;
type CpuQuery = z.output<typeof cpuCatalogQuery>;

/** The GPU availability asked for, or undefined when none is. */
export function gpuScope(query: GpuQuery): GpuAvailabilityScope | undefined {
  const { count, cloud, countryCodes, cudaVersions, minCudaVersion } = query;
  const scoping = { count, cloud, countryCodes, cudaVersions, minCudaVersion };
  const products = requestedProducts(query, scoping);
  if (products === undefined) return undefined;
  if (cudaVersions !== undefined && minCudaVersion !== undefined) {
    throw new Problem(400, "cudaVersions and minCudaVersion are mutually exclusive");
  }
  refuseMalformed([
    ...entries("countryCodes", countryCodes, /^[A-Z]{2}$/, "must be an uppercase ISO 3166-1 alpha-2 country code"),
    ...entries("cudaVersions", cudaVersions, /^\d+\.\d+$/, "must be a CUDA version like 12.8"),
    ...(minCudaVersion !== undefined && !/^\d+(\.\d+)?$/.test(minCudaVersion)
      ? ["must be a CUDA version like 12 or 12.1 at /minCudaVersion"]
      : []),
  ]);
  return {
    products,
    cloud: cloud ?? "SECURE",
    count: count ?? 1,
    countries: countryCodes ?? [],
    acceptsCuda: (version) =>
      cudaVersions !== undefined ? cudaVersions.includes(version) : minCudaVersion === undefined || atLeast(version, minCudaVersion),
    constrainsCuda: cudaVersions !== undefined || minCudaVersion !== undefined,
  };
}

export function cpuScope(query: CpuQuery): CpuAvailabilityScope | undefined {
  const products = requestedProducts(query, { vcpuCount: query.vcpuCount });
  return products === undefined ? undefined : { products, vcpuCount: query.vcpuCount };
}

/**
 * The products availability is asked for. Availability depends on the product, so asking for it requires naming
 * one, and naming one, like every other scoping parameter, requires asking.
 */
function requestedProducts<Product>(
  query: { include?: string[] | undefined; product?: Product[] | undefined },
  scoping: Record<string, unknown>,
): Product[] | undefined {
  const include = query.include?.includes("AVAILABILITY") ?? false;
  if (include && query.product === undefined) throw new Problem(400, "include=AVAILABILITY requires product");
  if (!include) {
    const given = Object.entries({ product: query.product, ...scoping })
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name);
    if (given.length > 0) {
      throw new Problem(400, `${wordList(given)} ${given.length === 1 ? "is" : "are"} valid only with include=AVAILABILITY`);
    }
  }
  return include ? query.product : undefined;
}

/** The failures of a comma-separated parameter's entries that do not match `pattern`. */
function entries(name: string, values: string[] | undefined, pattern: RegExp, failure: string): string[] {
  return (values ?? []).flatMap((value, index) => (pattern.test(value) ? [] : [`${failure} at /${name}/${index}`]));
}

/** Well-formed parameters whose values cannot be read are a 422, as the reference prescribes for these filters. */
function refuseMalformed(errors: string[]): void {
  if (errors.length > 0) throw new Problem(422, "Query parameters failed validation", errors);
}

/** Whether a major.minor version is at least a floor written as major or major.minor (a bare major means x.0). */
function atLeast(version: string, floor: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [floorMajor = 0, floorMinor = 0] = floor.split(".").map(Number);
  return major - floorMajor > 0 || (major === floorMajor && minor >= floorMinor);
}

function wordList(words: string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
