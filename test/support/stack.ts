import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { fileBackend, openStack, type OpenStackOptions, type StackDriver } from "../../automation";

/**
 * Opens a stack that keeps everything inside `workDir`: a file backend, its own Pulumi home and a random
 * passphrase, so a developer's PULUMI_BACKEND_URL, login or ~/.pulumi never take part in a test.
 */
export function openTestStack(
  options: Pick<OpenStackOptions, "program" | "stackName" | "projectName" | "workDir" | "config">,
): Promise<StackDriver> {
  return openStack({
    ...options,
    backendUrl: fileBackend(path.join(options.workDir, ".pulumi-state")),
    pulumiHome: path.join(options.workDir, ".pulumi-home"),
    passphrase: randomBytes(16).toString("hex"),
  });
}
