/**
 * A repository that ships symbolic links where the stack commands write (the project file, a stack's config file,
 * the local state folder), dangling or pointing outside the project, as an attacker would: every stack command
 * refuses before it writes anything or calls the API, and nothing appears outside the project.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const manifest = `resources:
  data:
    type: NetworkVolume
    properties: { name: linked-data, size: 10, dataCenter: US-TX-3 }
`;

describe("stack commands in a project folder with planted links", () => {
  let api: TestEmulator;
  let root: string;
  let env: NodeJS.ProcessEnv;
  const cli = () => path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");

  beforeAll(async () => {
    api = await startTestEmulator();
    root = suiteWorkDir("project-links");
    env = await stackCommandEnvironment(root, api);
    // The local state folder is where the stack commands keep state when no backend is named.
    delete env.PULUMI_BACKEND_URL;
  });

  afterAll(() => api?.emulator.close());

  /** A project folder holding the manifest, `project` (a Pulumi.yaml, or none), and `link` pointing at `outside/<target>`. */
  const plant = (name: string, link: string, target: string, project?: string) => {
    const folder = path.join(root, name);
    const outside = path.join(root, `${name}-outside`);
    fs.mkdirSync(folder);
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
    if (project !== undefined) fs.writeFileSync(path.join(folder, "Pulumi.yaml"), project);
    fs.symlinkSync(path.join("..", `${name}-outside`, target), path.join(folder, link));
    return { folder, outside };
  };

  it.each([
    ["a dangling Pulumi.yaml", "Pulumi.yaml", "Pulumi.yaml", undefined],
    ["a dangling stack config file", "Pulumi.dev.yaml", "Pulumi.dev.yaml", "name: linked\nruntime: nodejs\n"],
    ["a state folder linked outside", ".pulumi-state", ".", "name: linked\nruntime: nodejs\n"],
  ])("%s: every stack command refuses, writes nothing and calls nothing", async (_case, link, target, project) => {
    const { folder, outside } = plant(link.replace(/^\./, ""), link, target, project);
    const before = fs.readdirSync(folder).sort();
    for (const command of ["preview", "up", "drift", "refresh", "destroy"]) {
      const result = await exec(process.execPath, [cli(), command, "manifest.yaml"], { cwd: folder, env });
      expect(result).toEqual({
        code: 1,
        stdout: "",
        stderr:
          `computeplatform: ${path.join(fs.realpathSync(folder), link)} is a symbolic link: stack commands never write through one, ` +
          "since it can lead outside the project. Replace it with the file or folder itself.\n",
      });
    }
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.readdirSync(folder).sort()).toEqual(before);
    expect(api.emulator.requests).toEqual([]);
  });
});
