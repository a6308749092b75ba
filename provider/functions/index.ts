// Every data function module, listed once: the package exports them all, and the native plugin serves each
// `get…` function among them as an invoke, so none can be exported and left out of the plugin.
export * from "./catalog";
export * from "./billing";
export * from "./pods";
export * from "./templates";
export * from "./clusters";
export * from "./serverless";
export * from "./networkVolumes";
export * from "./registries";
