/**
 * The folder, next to the manifest, where the `computeplatform` stack commands keep stacks when no backend is
 * named: the default of `openStack` in automation/driver.ts. A scaffolded project git-ignores it.
 */
export const LOCAL_STATE_FOLDER = ".pulumi-state";
