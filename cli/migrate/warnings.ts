/** One line of what `computeplatform migrate` prints to stderr beside the manifest. */
export interface MigrationWarning {
  /** `warning` when part of the v1 input is not carried over as it was; `note` when the user has a step to take. */
  level: "warning" | "note";
  /** What it is about: `pods[0] (name "trainer")`, or the input path of an object not recognised, such as `$[3]`. */
  subject: string;
  message: string;
}

/** The stderr line of a warning, e.g. `warning: pods[0] (name "trainer"): "volumeKey" has no v2 equivalent; dropped`. */
export function formatWarning({ level, subject, message }: MigrationWarning): string {
  return `${level}: ${subject}: ${message}`;
}
