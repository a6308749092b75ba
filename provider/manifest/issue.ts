import { ComputePlatformError } from "../errors";

/** Where in a manifest file something is: 1-based line and column. */
export interface ManifestPosition {
  line: number;
  column: number;
}

/** One thing wrong with a manifest, located in its file. */
export interface ManifestIssue extends ManifestPosition {
  /** The manifest file, as it was named to the loader. */
  file: string;
  /** Property path inside the manifest, such as `resources.trainer.properties.gpu.count`; empty for the whole file. */
  path: string;
  message: string;
}

/** `manifest.yaml:12:7: resources.trainer.properties.gpu.count: Too small: expected number to be >=1` */
export function formatIssue(issue: ManifestIssue): string {
  const where = `${issue.file}:${issue.line}:${issue.column}`;
  return issue.path === "" ? `${where}: ${issue.message}` : `${where}: ${issue.path}: ${issue.message}`;
}

/** Thrown by `loadManifest` for an invalid manifest, before any resource is created. */
export class ManifestError extends ComputePlatformError {
  override readonly name = "ManifestError";

  constructor(readonly issues: readonly ManifestIssue[]) {
    const count = issues.length === 1 ? "1 error" : `${issues.length} errors`;
    super(`invalid manifest (${count}):\n${issues.map((issue) => `  ${formatIssue(issue)}`).join("\n")}`);
  }
}
