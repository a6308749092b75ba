import type { EmulatorKind } from "../kind";
import { catalog } from "./openapi";
import { CATALOG_OPERATIONS } from "./operations";

/** The catalog: GPU types, CPU flavors and data centers, read-only and the same for every account. */
export const catalogKind: EmulatorKind = { operations: CATALOG_OPERATIONS, openapi: catalog };
