// Where releases before the per-kind folders recorded this provider module in state: it stays, as the module in its folder.
export * from "./registry/registry.provider";
