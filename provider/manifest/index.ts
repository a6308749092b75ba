export { descriptionSummary } from "./description";
export type * from "./document";
export { Interpolation, type Reference, type Accessor, valueAt } from "./expression";
export { formatIssue, ManifestError, type ManifestIssue, type ManifestPosition } from "./issue";
export { type LoadedManifest, type LoadManifestOptions, loadManifest } from "./load";
export type { ManifestSource } from "./source";
export { type ManifestValidation, type ManifestValue, type ValidatedManifest, type ValidatedResource, validateManifest } from "./validate";
