import { createHash } from "node:crypto";

/** The user id that delegations of an account name as their delegator: the same for every key of the account. */
export function delegatorUserId(account: string): string {
  return `user-${createHash("sha256").update(account).digest("hex").slice(0, 12)}`;
}
