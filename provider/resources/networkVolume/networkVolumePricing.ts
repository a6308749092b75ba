import type { Named } from "../autoName";
import type { NetworkVolumeInputs } from "./inputs";
import { HOURS_PER_MONTH } from "../../cost/costComponent";
import { pricedComponent, unpricedComponent } from "../../cost/pricedComponent";
import type { Pricing } from "../../cost/pricing";

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
