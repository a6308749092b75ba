import * as fs from "node:fs";
import * as path from "node:path";
import { openManifestStack } from "../../automation/manifestStack";
import { MissingStackError } from "../../automation/missingStack";
import { isUserResource, resourceIdentity } from "../../automation/progress";
import { stateResources } from "../../automation/stateResources";
import type { ComputePlatformClient } from "../../provider/client";
import { configure } from "../../provider/config";
import { UserError } from "../../provider/errors";
import { sharedClient } from "../../provider/sharedClient";
import { envFileHelp, envFileOption, loadDotEnv, refuseStackKeyToDotEnvUrl } from "../dotEnv";
import { DEFAULT_STACK, parseStackName } from "../stackName";

/** Which stack to read: the manifest's, as the stack commands open it. */
export interface StackChoice {
  manifest: string;
  stack: string;
  backend?: string;
  /** A settings file to read instead of the manifest folder's `.env`. */
  envFile?: string;
}

/** The options that choose the stack, for `parseArgs`. */
export const stackChoiceOptions = { stack: { type: "string" }, backend: { type: "string" }, ...envFileOption } as const;

/** The help lines of {@link stackChoiceOptions}. */
export const stackChoiceHelp = `  --stack NAME          Stack to read; it must exist (exit 2 otherwise). Default: ${DEFAULT_STACK}
  --backend URL         Pulumi state backend, found as \`computeplatform up\` finds it by default
${envFileHelp}`;

/** The stack chosen by {@link stackChoiceOptions}' values and the manifest named (default `manifest.yaml`). */
export function parseStackChoice(
  values: { stack?: unknown; backend?: unknown; "env-file"?: unknown },
  manifest = "manifest.yaml",
): StackChoice {
  return {
    manifest,
    stack: parseStackName(values.stack as string | undefined),
    ...(values.backend === undefined ? {} : { backend: values.backend as string }),
    ...(values["env-file"] === undefined ? {} : { envFile: values["env-file"] as string }),
  };
}

/** A resource of the stack as its state records it. */
export interface StackResource {
  /** Its name in the manifest. */
  name: string;
  /** Its kind, such as `Pod`. */
  kind: string;
  id: string;
  /** Its outputs as state records them (secrets left encrypted). */
  outputs: Record<string, unknown>;
}

/** A stack's resources, and a client configured as its deployments are. */
export interface OpenedStackResources {
  client: ComputePlatformClient;
  resources: StackResource[];
}

/**
 * Opens the manifest's stack (which must exist) as the stack commands do and reads its resources from the state,
 * with a client configured from the stack config, then the environment and the folder's `.env`. Only reads; the
 * state stays as it is. Throws {@link MissingStackError} when the stack does not exist.
 */
export async function openStackResources(choice: StackChoice): Promise<OpenedStackResources> {
  if (!fs.existsSync(choice.manifest)) throw new UserError(`there is no manifest ${choice.manifest}: name the stack's manifest`);
  const dotEnvUrls = loadDotEnv(path.dirname(path.resolve(choice.manifest)), { envFile: choice.envFile });
  const stack = await openManifestStack({
    manifest: choice.manifest,
    stackName: choice.stack,
    ifMissing: "fail",
    ...(choice.backend ? { backendUrl: choice.backend } : {}),
  });
  const config = await stack.config();
  refuseStackKeyToDotEnvUrl(dotEnvUrls, config, choice.stack);
  await configure({ config: new Map(Object.entries(config).map(([key, { value }]) => [key, value])) } as never);
  const resources = stateResources(await stack.exportState())
    .filter((resource) => isUserResource(resource.type) && resource.id !== undefined && resource.id !== "")
    .map(({ urn, type, id, outputs }) => {
      const { type: kind, name } = resourceIdentity(type, urn);
      return { name, kind, id: id!, outputs: outputs ?? {} };
    });
  return { client: sharedClient(), resources };
}

/**
 * The manifest's stack as {@link openStackResources} opens it, or, when there is no such manifest or stack, no
 * resources and a client configured from the environment and the folder's `.env`: for commands that also take ids.
 */
export async function openStackOrAccount(choice: StackChoice): Promise<OpenedStackResources> {
  if (fs.existsSync(choice.manifest)) {
    try {
      return await openStackResources(choice);
    } catch (error) {
      if (!(error instanceof MissingStackError)) throw error;
    }
  } else {
    loadDotEnv(path.dirname(path.resolve(choice.manifest)), { envFile: choice.envFile });
  }
  return { client: sharedClient(), resources: [] };
}
