/** `computeplatform validate` (the built CLI, as a user runs it) on references below a resource's outputs. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

const cluster = `${fs.readFileSync(path.join(repoRoot, "test/fixtures/manifests/twoMemberCluster.yaml"), "utf8")}outputs:
`;

let folder: string;

beforeAll(() => {
  ensureBuilt();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "validate-references-"));
}, 120_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const validate = (text: string) => {
  fs.writeFileSync(path.join(folder, "manifest.yaml"), text);
  return exec(process.execPath, [path.join(repoRoot, "dist", "cli", "main.js"), "validate", "manifest.yaml"], { cwd: folder });
};

describe("computeplatform validate on output paths", () => {
  it("refuses ${training.members[0].ip} with its file:line:col and the nearest valid path", async () => {
    expect(await validate(`${cluster}  head: \${training.members[0].ip}\n`)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'manifest.yaml:11:9: outputs.head: ${training.members[0].ip}: a Cluster\'s members[0] has no "ip"; did you mean ${training.members[0].cluster.ip}?\n' +
        "1 error in manifest.yaml\n",
    });
  });

  it("accepts ${training.members[0].cluster.ip}", async () => {
    expect(await validate(`${cluster}  head: \${training.members[0].cluster.ip}\n`)).toEqual({
      code: 0,
      stdout: "manifest.yaml is valid: 1 resource, in the order they are created:\n  Cluster  training\noutputs: head\n",
      stderr: "",
    });
  });
});
