import type { EmulatorKind } from "../kind";
import { billing } from "./openapi";
import { BILLING_OPERATIONS } from "./operations";

/** The billing history, derived from what the other kinds hold and held. */
export const billingKind: EmulatorKind = { operations: BILLING_OPERATIONS, openapi: billing };
