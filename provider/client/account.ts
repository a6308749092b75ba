import type { Transport } from "./transport";

/** `/v2/account: the account's registered SSH public keys.` */
export class AccountClient {
  constructor(private readonly transport: Transport) {}
}
