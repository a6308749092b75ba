import * as path from "node:path";

/** Used when nothing usable is left of the folder's name, e.g. for a folder named `_`. */
const FALLBACK_NAME = "computeplatform-project";

// Pulumi allows 100 characters in a project name; npm allows 214 in a package name.
const MAX_LENGTH = 100;

/**
 * The project name for a folder, valid both as a Pulumi project name and as an npm package name: its base name
 * in lower case, every run of other characters than letters, digits, `.`, `_` and `-` turned into one `-`,
 * without leading or trailing punctuation, at most 100 characters.
 *
 * @example projectNameFor("/home/ada/My GPU Lab") === "my-gpu-lab"
 */
export function projectNameFor(folder: string): string {
  const name = path
    .basename(path.resolve(folder))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .slice(0, MAX_LENGTH)
    .replace(/^[._-]+|[._-]+$/g, "");
  return name === "" ? FALLBACK_NAME : name;
}
