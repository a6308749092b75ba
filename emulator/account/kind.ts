import type { EmulatorKind, KindSnapshot } from "../kind";
import { account } from "./openapi";
import { ACCOUNT_OPERATIONS } from "./operations";

/** Registered SSH public keys, by account name. */
const snapshot: KindSnapshot<"sshKeys", Record<string, string[]>> = {
  key: "sshKeys",
  show: (context) => Object.fromEntries(context.store.allAccounts().map((state) => [state.name, [...state.sshPublicKeys]])),
};

/** The account's SSH public keys: one set per account, not a collection. */
export const accountKind = { operations: ACCOUNT_OPERATIONS, openapi: account, snapshot } satisfies EmulatorKind;
