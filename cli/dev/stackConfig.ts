import type * as manifestStack from "../../automation/manifestStack";
import { configFullKey } from "../../provider/manifest/load";
import { UserError } from "../../provider/errors";

/** A value of stack config, and whether it is a secret (set with `pulumi config set --secret`). */
export interface ConfigValue {
  value: string;
  secret: boolean;
}

/**
 * Reads `${config.<key>}` values from the manifest's stack config, secrets decrypted, as `up` reads them. The stack
 * (and so the `pulumi` CLI, and the Automation API's code) is opened only when a deployment first needs a value, then its
 * config is kept.
 */
export function stackConfigReader(manifest: string, stackName: string): (key: string) => Promise<ConfigValue> {
  let opened: Promise<{ projectName: string; config: Record<string, { value: string; secret?: boolean }> }> | undefined;
  return async (key) => {
    const { openManifestStack } = require("../../automation/manifestStack") as typeof manifestStack;
    opened ??= openManifestStack({ manifest, stackName }).then(async (stack) => ({
      projectName: stack.projectName,
      config: await stack.config(),
    }));
    // A failed open (no pulumi CLI, a wrong passphrase) is tried again on the next call.
    const { projectName, config } = await opened.catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    const fullKey = configFullKey(key, projectName);
    const entry = config[fullKey];
    if (entry === undefined) {
      throw new UserError(
        `\${config.${key}} is not set in stack ${stackName}; set it with \`pulumi config set --stack ${stackName} ${fullKey} <value>\`, or for a secret \`pulumi config set --stack ${stackName} --secret ${fullKey}\`, which prompts for it`,
      );
    }
    return { value: entry.value, secret: entry.secret === true };
  };
}
