import * as fs from "node:fs";
import * as path from "node:path";
import { readOwnPackage } from "./ownPackage";
import { UserError } from "../provider/errors";

/**
 * Refuses to deploy from a source checkout. Pulumi stores each dynamic resource's provider in the state as a
 * `require()` of its path inside node_modules; from a checkout there is no such path, and the engine would try to
 * serialize the provider's code and its dependencies instead, which fails deep inside zod.
 */
export function assertInstalledPackage(command: string, packageDir = path.resolve(__dirname, "..", "..")): void {
  const real = fs.realpathSync(packageDir);
  if (real.split(path.sep).includes("node_modules")) return;
  const { name, version } = readOwnPackage();
  throw new UserError(
    `computeplatform ${command} deploys from an installed package, and this one runs from a source checkout (${real}). ` +
      "Pulumi records each resource's provider as a path inside node_modules, which a checkout does not have. " +
      `Install the checkout, then run the installed command: \`npm pack && npm install -g ./${name}-${version}.tgz\`.`,
  );
}
