import type { EmulatorKind } from "../kind";
import { loadBalancer } from "./openapi";
import { registerLoadBalancerRoutes } from "./routes";

/** The workers of load-balancing endpoints, answering any method on any path. */
export const loadBalancerKind: EmulatorKind = { operations: [], routes: registerLoadBalancerRoutes, openapi: loadBalancer };
