import { cudaVersion } from "../../provider/resources/container/containerRules";
import type { EntryRule, V1Fields } from "./fields";

/** A CUDA version as v2 takes it. */
export const cudaVersionEntry: EntryRule = {
  isValid: (entry) => cudaVersion.safeParse(entry).success,
  expected: "a CUDA version like 12.4",
};

/**
 * Whether a v1 pod or endpoint runs on GPUs or CPUs: its `computeType` when given; else CPU when it names a CPU
 * flavor (`cpuFields`, e.g. `cpuFlavorIds`) and no GPU type (`gpuFields`); else GPU, v1's default.
 */
export function computeFamily(fields: V1Fields, cpuFields: readonly string[], gpuFields: readonly string[]): "GPU" | "CPU" {
  const stated = fields.oneOf("computeType", ["GPU", "CPU"] as const);
  if (stated !== undefined) return stated;
  const namesCpu = cpuFields.some((field) => fields.has(field));
  const namesGpu = gpuFields.some((field) => fields.has(field));
  return namesCpu && !namesGpu ? "CPU" : "GPU";
}

/**
 * The first entry of a v1 list of fallbacks (GPU types or CPU flavors tried in turn), which is what v2 takes; the
 * others are reported as dropped.
 */
export function firstChoice(
  list: readonly string[] | undefined,
  names: { field: string; target: string },
  warn: (message: string) => void,
): string | undefined {
  const [first, ...fallbacks] = list ?? [];
  if (fallbacks.length > 0) {
    const dropped = fallbacks.map((entry) => `"${entry}"`).join(", ");
    warn(`"${names.field}" lists fallbacks, which v2 does not have: ${names.target} is "${first}"; dropped ${dropped}`);
  }
  return first;
}
