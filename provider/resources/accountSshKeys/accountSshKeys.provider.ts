// The dynamic provider of `AccountSshKeys`. Pulumi serializes this module as `require(<this file>)`, so it
// exports the provider methods and nothing else, and reads its settings only when called.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ACCOUNT_SSH_KEYS_ID, type AccountSshKeysInputs, accountSshKeysInputsSchema } from "./inputs";
import { sharedClient } from "../../sharedClient";
import { containsUnknown } from "../../values/unknown";
import { diffResult } from "../lifecycle/diffResult";
import { ownProperties } from "../lifecycle/engineProperties";
import { validate } from "../lifecycle/validate";
import { keysWithout, liveKeysInDeclaredOrder, sameKeySet } from "./sshKeySet";
import { UserError } from "../../errors";

export { configure } from "../../config";

/** An `AccountSshKeys` resource's outputs. */
export interface AccountSshKeysOutputs {
  /** The keys the account held when last written or read. */
  keys: string[];
  /** The keys this resource declared at its last create or update: what delete removes. */
  declaredKeys: string[];
}

export async function check(
  _olds: Partial<AccountSshKeysInputs>,
  props: AccountSshKeysInputs,
): Promise<dynamic.CheckResult<AccountSshKeysInputs>> {
  const news = ownProperties(props);
  const failures = validate(accountSshKeysInputsSchema, news);
  return failures.length > 0 ? { failures } : { inputs: news };
}

/** Any change to the set, live or declared, is an in-place update; a new order is not a change. */
export async function diff(_id: string, olds: AccountSshKeysOutputs, news: AccountSshKeysInputs): Promise<dynamic.DiffResult> {
  const changed = containsUnknown(news.keys) || !sameKeySet(olds.keys, news.keys) || !sameKeySet(olds.declaredKeys, news.keys);
  return diffResult(changed ? ["keys"] : [], []);
}

/**
 * Takes the account's key set over: writes it only when it does not already hold exactly these keys, and
 * removes keys registered elsewhere only when `adopt` says so.
 */
export async function create(props: AccountSshKeysInputs): Promise<dynamic.CreateResult<AccountSshKeysOutputs>> {
  const client = sharedClient();
  const { keys, adopt } = ownProperties(props);
  const live = await client.account.sshKeys();
  const undeclared = keysWithout(live, keys);
  if (undeclared.length > 0 && adopt === undefined) {
    throw new UserError(
      `the account already holds ${undeclared.length} SSH key(s) that \`keys\` does not declare: ${undeclared.map(keyLabel).join("; ")}. ` +
        `Declare them in \`keys\` to keep them, or set \`adopt: "${ACCOUNT_SSH_KEYS_ID}"\` to take the set over and remove them.`,
    );
  }
  const held = sameKeySet(live, keys) ? live : await client.account.replaceSshKeys(keys);
  return { id: ACCOUNT_SSH_KEYS_ID, outs: outputs(held, keys) };
}

export async function read(
  id: string,
  props: AccountSshKeysOutputs,
): Promise<dynamic.ReadResult<AccountSshKeysOutputs | AccountSshKeysInputs>> {
  const live = await sharedClient().account.sshKeys();
  // `pulumi import` (through the native plugin) reads with nothing recorded: the live keys are then the declared ones.
  const declaredKeys = [...(props.declaredKeys ?? live)];
  if (props.keys !== undefined && sameKeySet(live, props.keys)) return { id, props: { keys: [...props.keys], declaredKeys } };
  return { id, props: { keys: [...live], declaredKeys }, inputs: { keys: [...live] } };
}

export async function update(
  _id: string,
  _olds: AccountSshKeysOutputs,
  news: AccountSshKeysInputs,
): Promise<dynamic.UpdateResult<AccountSshKeysOutputs>> {
  const { keys } = ownProperties(news);
  return { outs: outputs(await sharedClient().account.replaceSshKeys(keys), keys) };
}

/** Removes the declared keys and keeps every other key the account holds now. */
async function deleteAccountSshKeys(_id: string, props: AccountSshKeysOutputs): Promise<void> {
  const client = sharedClient();
  const live = await client.account.sshKeys();
  const kept = keysWithout(live, props.declaredKeys);
  if (kept.length < live.length) await client.account.replaceSshKeys(kept);
}
export { deleteAccountSshKeys as delete };

/** A key as a message shows it: its type, the end of its body, and its comment. */
function keyLabel(key: string): string {
  const [type, body = "", ...comment] = key.split(/[ \t]+/);
  return [type, `…${body.slice(-12)}`, ...comment].join(" ");
}

function outputs(held: readonly string[], declared: readonly string[]): AccountSshKeysOutputs {
  return { keys: liveKeysInDeclaredOrder(held, declared), declaredKeys: [...declared] };
}
