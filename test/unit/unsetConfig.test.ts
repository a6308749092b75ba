import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setsNoConfig } from "../../automation/unsetConfig";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "unset-config-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const project = "name: p\nruntime: nodejs\n";
const salt = "encryptionsalt: v1:abc:def\n";

describe("setsNoConfig tells a stack that no file gives config, and leaves every other case to the Pulumi CLI", () => {
  it.each([
    { case: "no stack config file", files: { "Pulumi.yaml": project }, expected: true },
    { case: "a stack config file with only its salt", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": salt }, expected: true },
    { case: "an empty stack config file", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": "" }, expected: true },
    { case: "an empty config mapping", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": `${salt}config: {}\n` }, expected: true },
    { case: "another stack's config", files: { "Pulumi.yaml": project, "Pulumi.prod.yaml": "config:\n  p:x: y\n" }, expected: true },
    { case: "a value", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": `${salt}config:\n  p:x: y\n` }, expected: false },
    { case: "a secret", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": "config:\n  p:x:\n    secure: AAAB\n" }, expected: false },
    { case: "an ESC environment", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": "environment:\n  - team/dev\n" }, expected: false },
    { case: "project config", files: { "Pulumi.yaml": `${project}config:\n  p:x:\n    default: y\n` }, expected: false },
    { case: "a stackConfigDir", files: { "Pulumi.yaml": `${project}stackConfigDir: stacks\n` }, expected: false },
    { case: "a Pulumi.yml project", files: { "Pulumi.yml": project }, expected: false },
    { case: "a Pulumi.json project", files: { "Pulumi.json": '{"name":"p","runtime":"nodejs"}' }, expected: false },
    { case: "no project file", files: {}, expected: false },
    {
      case: "a stack config file that does not parse",
      files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": "config: [\n" },
      expected: false,
    },
    { case: "a stack config file that is a list", files: { "Pulumi.yaml": project, "Pulumi.dev.yaml": "- a\n" }, expected: false },
  ])("$case: $expected", ({ case: name, files, expected }) => {
    const workDir = path.join(root, name.replaceAll(" ", "-"));
    fs.mkdirSync(workDir);
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(workDir, file), text);
    expect(setsNoConfig(workDir, "dev")).toBe(expected);
  });

  it("reads the config file of a fully qualified stack name by its last part", () => {
    const workDir = path.join(root, "qualified");
    fs.mkdirSync(workDir);
    fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), project);
    fs.writeFileSync(path.join(workDir, "Pulumi.dev.yaml"), "config:\n  p:x: y\n");
    expect(setsNoConfig(workDir, "org/p/dev")).toBe(false);
  });
});
