import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { fileBackend, openStack, type OpenStackOptions, type StackDriver } from "../../automation";

/**
 * Opens a stack that keeps everything inside `workDir`: a file backend, its own Pulumi home and a random
 * passphrase, so a developer's PULUMI_BACKEND_URL, login or ~/.pulumi never take part in a test.
 */
export function openTestStack(
  options: Pick<OpenStackOptions, "program" | "stackName" | "projectName" | "workDir" | "config" | "envVars">,
): Promise<StackDriver> {
  return openStack({
    ...options,
    backendUrl: fileBackend(path.join(options.workDir, ".pulumi-state")),
    pulumiHome: path.join(options.workDir, ".pulumi-home"),
    passphrase: randomBytes(16).toString("hex"),
  });
}

/**
 * Ends an e2e suite, even when a step failed halfway: destroys whatever the stack's state still holds (a failing
 * destroy fails the suite), then closes the emulator. The stack itself stays in the run's temporary folder, which
 * goes with it.
 */
export async function closeTestStack(stack: StackDriver | undefined, emulator?: { close(): Promise<void> }): Promise<void> {
  try {
    if (stack) {
      if ((await stack.exportState()).deployment?.resources?.length) await stack.destroy();
    }
  } finally {
    await emulator?.close();
  }
}
