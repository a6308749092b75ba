import type { Named } from "../resources/autoName";
import type { NetworkVolumeInputs } from "../resources/networkVolume/inputs";
import { HOURS_PER_MONTH } from "./costComponent";
import { pricedComponent, unpricedComponent } from "./pricedComponent";
import type { Pricing } from "./pricing";

/** A network volume: its size at the storage table's price per GB-month of its type, an hour being 1/730 of a month. */
export const networkVolumePricing: Pricing<Named<NetworkVolumeInputs> & { type: NonNullable<NetworkVolumeInputs["type"]> }> = {
  priceInputs: ({ size, type }) => ({ size, type }),
  lists: () => [],
  components: ({ size, type }, prices) => {
    const { price, source } = prices.storage(type);
    const label = { name: `Network volume storage (${type})`, unit: "GB-months", source };
    const gbMonthsPerHour = size / HOURS_PER_MONTH;
    return [price === undefined ? unpricedComponent(label, gbMonthsPerHour) : pricedComponent(label, gbMonthsPerHour, price)];
  },
};
