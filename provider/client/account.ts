import { type ReplaceSshKeysRequest, sshKeysSchema } from "../schemas/account";
import type { Transport } from "./transport";

const SSH_KEYS_PATH = "/v2/account/ssh-keys";

/** `/v2/account`: the account's registered SSH public keys. */
export class AccountClient {
  constructor(private readonly transport: Transport) {}

  /** The account's registered SSH public keys, one authorized_keys line each. */
  async sshKeys(signal?: AbortSignal): Promise<string[]> {
    const { keys } = await this.transport.json({ method: "GET", path: SSH_KEYS_PATH, schema: sshKeysSchema, signal });
    return keys;
  }

  /**
   * Replaces the account's whole key set with `keys` and returns the set now registered. Keys not listed are
   * removed; `[]` removes them all. Only pods created afterwards with `startSsh` receive the new set.
   */
  async replaceSshKeys(keys: readonly string[], signal?: AbortSignal): Promise<string[]> {
    const body: ReplaceSshKeysRequest = { keys: [...keys] };
    const answer = await this.transport.json({ method: "PUT", path: SSH_KEYS_PATH, body, schema: sshKeysSchema, signal });
    return answer.keys;
  }
}
