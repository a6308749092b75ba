/**
 * Lifetimes that fire for a TypeScript program, through the dynamic provider of the packed package and the real
 * Pulumi CLI against a local emulator whose clock the test moves: the scenarios of lifetimeScenarios.ts, with
 * `computeplatform expire` pointed at the program's folder and the stack's TTL in stack config.
 */
import { openStack } from "../../automation";
import type * as cp from "../../provider";
import { startTestEmulator } from "../support/emulator";
import { stackCommandEnvironment } from "../support/subprocess";
import { requireFrom, suiteWorkDir } from "../support/workDir";
import { programPath } from "./lifetimeProgramPath";
import { type PodArguments, lifetimeScenarios } from "./lifetimeScenarios";

lifetimeScenarios("lifetimes fire for a TypeScript program, through the dynamic provider", async () => {
  const api = await startTestEmulator();
  const folder = suiteWorkDir("lifetimes-program");
  const env = await stackCommandEnvironment(folder, api);
  const { Pod } = requireFrom(folder)("pulumi-computeplatform") as typeof cp;
  let pods: PodArguments[] = [];
  const { stack } = await openStack({
    program: async () => {
      for (const pod of pods) new Pod(pod.name, pod);
    },
    stackName: "dev",
    projectName: "lifetimes",
    workDir: folder,
    backendUrl: env.PULUMI_BACKEND_URL!,
    envVars: env as Record<string, string>,
  });
  return programPath({ api, folder, env, stack, writePods: (next) => (pods = next) });
});
