import { z } from "zod";
import { setting, settingOrigin, settingSource } from "../config";
import { UserError } from "../errors";
import { type VolumeType, volumeTypes } from "../wire/catalog";
import { DEFAULT_STORAGE_PRICES } from "./storagePrices";

/** A storage price per GB-month and where it came from. */
export interface StorageRate {
  /** USD per GB-month; undefined when the table has none for the type. */
  price: number | undefined;
  /** `storage table (default)`, or the overrides' origin: `storage table (computeplatform:storagePrices)` or `storage table (COMPUTEPLATFORM_STORAGE_PRICES)`. */
  source: string;
}

const DEFAULT_TABLE = "storage table (default)";

/** Whether a cost component's `source` is a storage table the user set, rather than the defaults or the catalog. */
export function overriddenStorageTable(source: string): boolean {
  return source.startsWith("storage table (") && source !== DEFAULT_TABLE;
}

const overridesSchema = z.partialRecord(z.enum(volumeTypes), z.number().nonnegative());

/** The storage price of a volume type: the provider config's override when it names the type, else the default. */
export function storageRate(type: VolumeType): StorageRate {
  const override = storageOverrides()[type];
  if (override !== undefined) return { price: override, source: `storage table (${settingOrigin("storagePrices")})` };
  return { price: DEFAULT_STORAGE_PRICES[type], source: DEFAULT_TABLE };
}

/** The provider config's storage prices; none when it is not set. Refused, naming the key, when it is no such map. */
function storageOverrides(): Partial<Record<VolumeType, number>> {
  const text = setting("storagePrices");
  if (text === undefined) return {};
  const { configKey } = settingSource("storagePrices");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UserError(`${configKey} is not JSON: set it to a map of volume type to USD per GB-month, such as {"STANDARD":0.05}`);
  }
  const parsed = overridesSchema.safeParse(json);
  if (!parsed.success)
    throw new UserError(
      `${configKey} must map volume types (${volumeTypes.join(", ")}) to USD per GB-month, at least 0: ${z.prettifyError(parsed.error)}`,
    );
  return parsed.data;
}
