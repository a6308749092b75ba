import { spawn } from "node:child_process";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { pluginClient, type PluginUnderTest } from "../provider/pluginHarness";

/**
 * Starts the plugin binary `pulumi-resource-computeplatform` of the package installed in `programFolder`, as the engine
 * does (the engine's address as the only argument: nothing listens there, so the lines the plugin would log are
 * dropped), and dials the port it prints.
 */
export async function startPluginBinary(programFolder: string): Promise<PluginUnderTest> {
  const binary = path.join(programFolder, "node_modules", ".bin", "pulumi-resource-computeplatform");
  const plugin = spawn(binary, ["127.0.0.1:0"], { cwd: programFolder, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  plugin.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    plugin.once("error", reject);
    plugin.once("exit", (code) => reject(new Error(`${binary} exited with ${code} before printing its port: ${stderr}`)));
    createInterface({ input: plugin.stdout }).once("line", (line) => resolve(Number(line)));
  });
  return pluginClient(port, () => plugin.kill());
}
