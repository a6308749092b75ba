import type { Operation } from "../http/operation";
import { FAMILY_HISTORIES } from "./familyHistories";
import { familyHistoryOperation } from "./familyHistory";
import { getBilling } from "./getBilling";

/** Every operation on `/v2/billing`: the aggregate history, then one per family, in the order the OpenAPI description lists them. */
export const BILLING_OPERATIONS: readonly Operation[] = [getBilling, ...FAMILY_HISTORIES.map(familyHistoryOperation)];
