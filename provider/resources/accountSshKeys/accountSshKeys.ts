import type * as pulumi from "@pulumi/pulumi";
import * as dynamic from "@pulumi/pulumi/dynamic";
import type { AccountSshKeysInputs } from "./inputs";
import * as accountSshKeysProvider from "./accountSshKeys.provider";
import type { ResourceArgs } from "../deepInput";
import { undeclaredKind, unsetOutputs } from "../classKind";

export type * from "./inputs";

/** The arguments of an {@link AccountSshKeys}. */
export type AccountSshKeysArgs = ResourceArgs<AccountSshKeysInputs>;

/**
 * The account's registered SSH public keys, which pods created with `startSsh` receive. Declare at most one per
 * account: its id is always `"account-ssh-keys"`.
 *
 * It is authoritative. The account holds one set of keys, and the API can only replace that set as a whole, so
 * every update makes the account hold exactly `keys`: a key registered anywhere else (in the console, by a
 * script, by another stack) and not listed here is removed each time. Two `AccountSshKeys` in the same
 * account, in one stack or in two, would each remove the other's keys on every deployment.
 *
 * Create is careful: it adds `keys` to the account's set, writes nothing when the set already holds exactly
 * them (order does not matter), and fails, naming them, when the set holds keys missing from `keys`, unless
 * `adopt: "account-ssh-keys"` says to take the set over and remove them.
 *
 * `pulumi refresh` reports keys changed elsewhere as drift; the next update restores `keys`. Delete removes only
 * the keys this resource declared and keeps any key registered elsewhere since.
 *
 * Keys reach pods created afterwards; running pods keep the keys they started with.
 *
 * @example
 * const sshKeys = new cp.AccountSshKeys("ssh-keys", {
 *   keys: [fs.readFileSync(`${os.homedir()}/.ssh/id_ed25519.pub`, "utf8").trim()],
 * });
 */
export class AccountSshKeys extends dynamic.Resource {
  /** What the kind registry knows of the class: its provider module, deadline and outputs. */
  static readonly kind = undeclaredKind<AccountSshKeys>()(
    accountSshKeysProvider,
    { importable: true },
    "id",
    "urn",
    "keys",
    "declaredKeys",
  );

  /** The keys the account held when last written or refreshed. */
  declare readonly keys: pulumi.Output<string[]>;
  /** The keys this resource declared at its last create or update; delete removes exactly these. */
  declare readonly declaredKeys: pulumi.Output<string[]>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The account's whole key set; see {@link AccountSshKeysInputs.keys}.
   * @param opts Resource options.
   */
  constructor(name: string, args: AccountSshKeysArgs, opts?: pulumi.CustomResourceOptions) {
    super(accountSshKeysProvider, name, { ...unsetOutputs(AccountSshKeys.kind), ...args }, opts, "computeplatform", "AccountSshKeys");
  }
}
