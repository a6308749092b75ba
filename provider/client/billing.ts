import type { Transport } from "./transport";

/** `/v2/billing: spend histories.` */
export class BillingClient {
  constructor(private readonly transport: Transport) {}
}
