import type { Operation } from "../http/operation";
import { getSshKeys } from "./getSshKeys";
import { replaceSshKeys } from "./replaceSshKeys";

/** Every operation on `/v2/account/ssh-keys`, the keys pods created with `startSsh` receive, one file each. */
export const ACCOUNT_OPERATIONS: readonly Operation[] = [getSshKeys, replaceSshKeys];
