import { CommandError, type Stack } from "@pulumi/pulumi/automation";
import type { TestEmulator } from "../support/emulator";
import type { Finished } from "../support/subprocess";
import type { LifetimePath, PodArguments } from "./lifetimeScenarios";

/** The stack config key of a program's stack TTL. */
const TTL = "computeplatform:ttl";

/**
 * The serving path of a Pulumi program (TypeScript or Pulumi YAML) for the lifetime scenarios: its stack driven
 * through the Automation API, `expire` pointed at its folder, its TTL in stack config `computeplatform:ttl`.
 *
 * @param options.stack - the program's `dev` stack, in `folder`
 * @param options.writePods - makes the program declare these pods at its next run
 */
export function programPath(options: {
  api: TestEmulator;
  folder: string;
  env: NodeJS.ProcessEnv;
  stack: Stack;
  writePods(pods: PodArguments[]): void;
}): LifetimePath {
  const { api, stack } = options;
  let ttl: string | undefined;
  return {
    api,
    folder: options.folder,
    env: options.env,
    target: ".",
    validates: false,
    refusal: (field, problem) => `property ${field} value {<nil>} has a problem: ${problem}`,
    refusesAll: false,
    write: async (program) => {
      options.writePods(program.pods);
      if (program.ttl !== undefined) await stack.setConfig(TTL, { value: program.ttl });
      else if (ttl !== undefined) await stack.removeConfig(TTL);
      ttl = program.ttl;
    },
    up: () => finished(() => stack.up()),
    preview: () => finished(() => stack.preview()),
    close: () => api.emulator.close(),
  };
}

/** An engine operation's output as a subprocess's: a failed one is a result here, its message holding its output. */
async function finished(operation: () => Promise<{ stdout: string; stderr: string }>): Promise<Finished> {
  try {
    const { stdout, stderr } = await operation();
    return { code: 0, stdout, stderr };
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    return { code: 1, stdout: error.message, stderr: "" };
  }
}
