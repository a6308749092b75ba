export { openStack, fileBackend, type OpenStackOptions, type StackDriver, type ConfigEntry } from "./driver";
export { openManifestStack, type OpenManifestStackOptions, type ManifestStack } from "./manifestStack";
export { ensurePulumiCli, type PulumiCli, type EnsurePulumiCliOptions } from "./pulumiCli";
export { changeSummary } from "./summary";
export { engineProgress } from "./progress";
export { MissingStackError } from "./missingStack";
