import * as fs from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { type CostComponent, HOURS_PER_MONTH } from "../../provider/cost/costComponent";
import { UserError } from "../../provider/errors";

/**
 * Expected use of the use-based parts of resources, per month: by resource name (as in the manifest), then by the
 * unit of the part (`worker-seconds`, ...), e.g. `{ endpoint: { "worker-seconds": 360000 } }`.
 */
export type UsageEstimate = Record<string, Record<string, number>>;

const usageFileSchema = z.strictObject({
  // `version: 0.1` reads as a number in YAML.
  version: z.union([z.literal(0.1), z.literal("0.1")]),
  resource_usage: z.record(z.string(), z.record(z.string(), z.number().nonnegative())).default({}),
});

/**
 * Reads a usage file, in the manner of Infracost's:
 * ```yaml
 * version: 0.1
 * resource_usage:
 *   endpoint:                 # a resource's name in the manifest
 *     worker-seconds: 360000  # units per month, by the unit of its use-based part
 * ```
 * @param file the file's path, as the user wrote it (messages name it).
 * @param resourceNames the manifest's resource names; a usage entry for any other name is refused.
 */
export function readUsageFile(file: string, resourceNames: readonly string[]): UsageEstimate {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UserError(`--usage-file ${file}: ${(error as Error).message}`);
  }
  const parsed = usageFileSchema.safeParse(parseYaml(text) ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(`${file}: ${issue.path.join(".") || "the file"}: ${issue.message}`);
  }
  const known = new Set(resourceNames);
  const unknown = Object.keys(parsed.data.resource_usage).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new UserError(`${file}: resource_usage.${unknown[0]}: the manifest has no resource named "${unknown[0]}"`);
  return parsed.data.resource_usage;
}

/**
 * The components with their use-based parts priced from `monthlyUse` (units per month by unit): a part with an
 * estimate uses monthly ÷ 730 units per hour; one without stays as it is ($0 when the provider priced no use).
 */
export function applyUsage(components: CostComponent[], monthlyUse: Record<string, number> = {}): CostComponent[] {
  return components.map((component) => {
    const perMonth = monthlyUse[component.unit];
    if (!component.usageBased || perMonth === undefined) return component;
    const hourlyQuantity = perMonth / HOURS_PER_MONTH;
    return { ...component, hourlyQuantity, hourlyCost: component.priceNotFound ? 0 : hourlyQuantity * component.price };
  });
}
