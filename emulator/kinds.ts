// THE list of what the emulator serves: one line per kind, exporting its description, in the order the OpenAPI
// description lists them. The kind registry (kindRegistry.ts), and through it the store's collections, the served
// routes, the OpenAPI document and `Emulator.snapshot()`, read its exports in this order.
export { podKind } from "./pods/kind";
export { clusterKind } from "./clusters/kind";
export { serverlessKind } from "./serverless/kind";
export { jobKind } from "./jobs/kind";
export { loadBalancerKind } from "./loadBalancer/kind";
export { networkVolumeKind } from "./networkVolumes/kind";
export { templateKind } from "./templates/kind";
export { registryKind } from "./registries/kind";
export { registryDelegationKind } from "./registryDelegations/kind";
export { accountKind } from "./account/kind";
export { catalogKind } from "./catalog/kind";
export { billingKind } from "./billing/kind";
