import * as path from "node:path";

/** Root of this repository. */
export const repoRoot = path.resolve(__dirname, "..", "..");

/** The fixture package with a one-file dynamic provider, see fixture-provider/package.json. */
export const fixtureProvider = path.join(__dirname, "fixture-provider");
