import { z } from "zod";
import { eachRepeat, withCrossFieldRules } from "../lifecycle/crossFieldRules";

/**
 * One authorized_keys line, as in `~/.ssh/id_ed25519.pub`: `<type> <base64-key> [comment]`, with a type
 * starting `ssh-`, `ecdsa-` or `sk-`, one space before the key, and no line break anywhere.
 */
export const SSH_PUBLIC_KEY_PATTERN = /^(ssh|ecdsa|sk)-\S+ \S+([ \t][^\n\r]*)?$/;

/** The id of every `AccountSshKeys` resource: there is one key set per account, so it needs no other name. */
export const ACCOUNT_SSH_KEYS_ID = "account-ssh-keys";

/** The arguments of an `AccountSshKeys`, as plain values. */
export interface AccountSshKeysInputs {
  /**
   * Every SSH public key the account should hold, one authorized_keys line each
   * (`"ssh-ed25519 AAAAC3Nz... me@laptop"`); no two may be the same key. Pods created with `startSsh` afterwards
   * receive them; running pods keep the keys they started with.
   *
   * This is the account's **whole** set: create and every update replace it, so a key registered anywhere else
   * (the console, a script, another stack) and missing here is removed each time. Two `AccountSshKeys` in one
   * account would keep removing each other's keys. An empty list removes every key.
   *
   * Create adds these keys to the account's set, and writes nothing when it already holds exactly them. It
   * refuses to remove keys it finds registered there but missing here, unless `adopt` says to take the set
   * over. Order does not matter.
   * @TJS-type array
   * @items.type string
   * @items.pattern ^(ssh|ecdsa|sk)-\S+ \S+([ \t][^\n\r]*)?$
   * @uniqueItems true
   */
  keys: string[];
  /**
   * Set to `"account-ssh-keys"` (the id of the account's key set) to take over a set that holds keys missing
   * from `keys`: create then removes them. Without it, create fails naming those keys, so that nothing
   * registered elsewhere is lost by accident.
   */
  adopt?: typeof ACCOUNT_SSH_KEYS_ID;
}

const sshPublicKey = z
  .string()
  .regex(
    SSH_PUBLIC_KEY_PATTERN,
    'must be one authorized_keys line: "<type> <base64-key> [comment]", the type starting ssh-, ecdsa- or sk-',
  );

/** Validates `AccountSshKeys` arguments before any API call. */
export const accountSshKeysInputsSchema = withCrossFieldRules(
  z.strictObject({
    keys: z.array(sshPublicKey),
    adopt: z.literal(ACCOUNT_SSH_KEYS_ID, { error: `must be "${ACCOUNT_SSH_KEYS_ID}", the id of the account's key set` }).optional(),
  }),
  ({ keys }, fail) => eachRepeat(keys, sameKey, (index, first) => fail(["keys", index], `is the same key as keys[${first}]`)),
);

// Compile-time proof that the validator and the documented argument type agree.
const accountSshKeysInputsMatch: z.ZodType<AccountSshKeysInputs, AccountSshKeysInputs> = accountSshKeysInputsSchema;
void accountSshKeysInputsMatch;

/** Two well-formed keys with the same material: the comment is only a label. */
function sameKey(a: string, b: string): boolean {
  return [a, b].every((key) => typeof key === "string" && SSH_PUBLIC_KEY_PATTERN.test(key)) && keyMaterial(a) === keyMaterial(b);
}

/** What identifies a key: its type and base64 body. */
function keyMaterial(key: string): string {
  const [type, body] = key.split(/[ \t]/);
  return `${type} ${body}`;
}

export const sshKeysSchema = z.object({ keys: z.array(z.string()) });

/** The account's registered SSH public keys, as `GET` and `PUT /v2/account/ssh-keys` return them. */
export type SshKeys = z.infer<typeof sshKeysSchema>;

/** Body of `PUT /v2/account/ssh-keys`: the complete new set. */
export type ReplaceSshKeysRequest = SshKeys;
