/**
 * Lifetimes that fire for Pulumi YAML, through the native plugin of the packed package and the real Pulumi CLI
 * against a local emulator whose clock the test moves: the scenarios of lifetimeScenarios.ts, with
 * `computeplatform expire` pointed at the program's folder and the stack's TTL in stack config.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { inject } from "vitest";
import { stringify } from "yaml";
import { ensurePulumiCli } from "../../automation";
import { startTestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { exec, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";
import { programPath } from "./lifetimeProgramPath";
import { type PodArguments, lifetimeScenarios } from "./lifetimeScenarios";

lifetimeScenarios("lifetimes fire for Pulumi YAML, through the native plugin", async () => {
  const api = await startTestEmulator();
  const folder = suiteWorkDir("lifetimes-yaml");
  const { stdout: languageHost } = await exec("bash", [path.join(repoRoot, "scripts/pulumi-language-yaml.sh")], { cwd: repoRoot });
  const commands = await stackCommandEnvironment(folder, api);
  const env = {
    ...commands,
    PATH: `${path.dirname(languageHost.trim())}${path.delimiter}${commands.PATH}`,
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  fs.symlinkSync(path.join(inject("programFolder"), "node_modules"), path.join(folder, "node_modules"));
  const writePods = (pods: PodArguments[]) =>
    fs.writeFileSync(
      path.join(folder, "Pulumi.yaml"),
      stringify({
        name: "lifetimes",
        runtime: "yaml",
        plugins: { providers: [{ name: "computeplatform", path: "./node_modules/.bin" }] },
        resources: Object.fromEntries(pods.map((pod) => [pod.name, { type: "computeplatform:index:Pod", properties: pod }])),
      }),
    );
  writePods([]);
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "dev", workDir: folder },
    { workDir: folder, envVars: env as Record<string, string>, pulumiCommand: (await ensurePulumiCli()).command },
  );
  return programPath({ api, folder, env, stack, writePods });
});
