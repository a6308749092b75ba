import type { ManifestIssue, ManifestValidation } from "../../provider/manifest";

/** The first path segment of the API explorer, which the gateway serves itself: `/docs`, `/docs/openapi.json`, … */
export const EXPLORER_SEGMENT = "docs";

/** Whether `path` is one of the explorer's own: `/docs` or a file right below it, never a path deeper down. */
export function isExplorerPath(path: string): boolean {
  return new RegExp(`^/${EXPLORER_SEGMENT}(/[^/]+)?$`).test(path);
}

/**
 * The names a serverless endpoint may not have: the gateway routes `/{name}/…` to the endpoint named `name`, and
 * serves these paths itself.
 */
export const RESERVED_ENDPOINT_NAMES: readonly string[] = [EXPLORER_SEGMENT];

/**
 * `validation` with an issue for each serverless endpoint whose name `computeplatform dev` reserves, naming it where
 * it is written; a manifest with one is not valid.
 */
export function refusingReservedNames(validation: ManifestValidation): ManifestValidation {
  const issues: ManifestIssue[] = (validation.manifest?.resources ?? [])
    .filter(({ type, name }) => type === "ServerlessEndpoint" && RESERVED_ENDPOINT_NAMES.includes(name))
    .map(({ name, position }) => ({
      file: validation.manifest!.file,
      ...position,
      path: `resources.${name}`,
      message: `\`${name}\` is reserved: \`computeplatform dev\` serves /${name} itself, so an endpoint of that name could not be called there; choose another name`,
    }));
  return issues.length === 0 ? validation : { issues };
}
