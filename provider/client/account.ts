import { type ReplaceSshKeysRequest, sshKeysSchema } from "../resources/accountSshKeys/inputs";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/** `/v2/account`: the account's registered SSH public keys. */
export class AccountClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/account");
  }

  /** The account's registered SSH public keys, one authorized_keys line each. */
  async sshKeys(options?: RequestOptions): Promise<string[]> {
    return (await this.transport.get(this.at("ssh-keys"), sshKeysSchema, options)).keys;
  }

  /**
   * Replaces the account's whole key set with `keys` and returns the set now registered. Keys not listed are
   * removed; `[]` removes them all. Only pods created afterwards with `startSsh` receive the new set.
   */
  async replaceSshKeys(keys: readonly string[], options?: RequestOptions): Promise<string[]> {
    const body: ReplaceSshKeysRequest = { keys: [...keys] };
    return (await this.transport.put(this.at("ssh-keys"), body, sshKeysSchema, options)).keys;
  }
}
