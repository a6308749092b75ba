import type { VolumeType } from "../wire/catalog";

/**
 * The default storage table: USD per GB-month of a network volume, by volume type. The API serves no storage
 * prices, so these defaults are the rates the bundled emulator bills network volumes at (`emulator/data/prices.ts`),
 * standing in for the platform's list rates. Set your account's rates with the provider config
 * `computeplatform:storagePrices`, a JSON map of volume type to USD per GB-month (for example `{"STANDARD":0.05}`);
 * a type it leaves out keeps its default.
 */
export const DEFAULT_STORAGE_PRICES: Readonly<Record<VolumeType, number>> = {
  STANDARD: 0.07,
  HIGH_PERFORMANCE: 0.14,
};
