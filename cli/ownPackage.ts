import * as fs from "node:fs";

/** What a scaffolded project takes from this package's own package.json. */
export interface OwnPackage {
  name: string;
  version: string;
  /** The `@pulumi/pulumi` version range this package works with (its peer dependency). */
  pulumiRange: string;
  /**
   * The optional peer dependencies, by name, with their ranges: the packages the local servers (`computeplatform dev`
   * and `computeplatform emulator`) run on, left out of installs that only deploy.
   */
  serverRanges: Record<string, string>;
}

const POLICY_SDK = "@pulumi/policy";

/** Reads this package's package.json, wherever it is installed or checked out. */
export function readOwnPackage(): OwnPackage {
  // The package resolves its own name through its `exports`, from dist/ as from the sources.
  const file = require.resolve("pulumi-computeplatform/package.json");
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as {
    name: string;
    version: string;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  const pulumiRange = manifest.peerDependencies["@pulumi/pulumi"];
  if (pulumiRange === undefined) throw new Error(`${file} has no peer dependency on @pulumi/pulumi`);
  // The optional peers but the policy pack's SDK, which only a user of the pack (policy/) installs.
  const serverRanges = Object.fromEntries(
    Object.entries(manifest.peerDependencies).filter(
      ([name]) => manifest.peerDependenciesMeta?.[name]?.optional === true && name !== POLICY_SDK,
    ),
  );
  return { name: manifest.name, version: manifest.version, pulumiRange, serverRanges };
}
