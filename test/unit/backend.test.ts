import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveBackend } from "../../automation/backend";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backend-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A project folder with the given project file text (none when undefined) and a Pulumi home logged in to `login`. */
function folder(name: string, project: string | undefined, login: string | undefined) {
  const workDir = path.join(root, name);
  const pulumiHome = path.join(workDir, ".pulumi-home");
  fs.mkdirSync(pulumiHome, { recursive: true });
  const projectFile = path.join(workDir, "Pulumi.yaml");
  if (project !== undefined) fs.writeFileSync(projectFile, project);
  if (login !== undefined)
    fs.writeFileSync(path.join(pulumiHome, "credentials.json"), JSON.stringify({ current: login, accessTokens: { [login]: "" } }));
  return { workDir, pulumiHome, ...(project === undefined ? {} : { projectFile }) };
}

const withBackend = "name: p\nruntime: nodejs\nbackend:\n  url: s3://project-bucket\n";
const plain = "name: p\nruntime: nodejs\n";

describe("resolveBackend finds the backend as `pulumi` does, and falls back to a local folder only when there is none", () => {
  it.each([
    {
      case: "option",
      backendUrl: "file:///chosen",
      env: "file:///env",
      project: withBackend,
      login: "file:///login",
      expected: { url: "file:///chosen", source: "option" },
    },
    {
      case: "env",
      env: "file:///env",
      project: withBackend,
      login: "file:///login",
      expected: { url: "file:///env", source: "PULUMI_BACKEND_URL" },
    },
    { case: "project", project: withBackend, login: "file:///login", expected: { url: "s3://project-bucket", source: "project" } },
    { case: "login", project: plain, login: "file:///login", expected: { url: "file:///login", source: "login" } },
    { case: "login-no-project", login: "https://api.example.test", expected: { url: "https://api.example.test", source: "login" } },
  ] as const)("$case", ({ case: name, expected, ...row }) => {
    const { workDir, pulumiHome, projectFile } = folder(name, row.project, row.login);
    const env = "env" in row ? { PULUMI_BACKEND_URL: row.env } : {};
    const backendUrl = "backendUrl" in row ? { backendUrl: row.backendUrl } : {};
    expect(resolveBackend({ workDir, pulumiHome, env, ...(projectFile ? { projectFile } : {}), ...backendUrl })).toEqual(expected);
  });

  it("falls back to .pulumi-state beside the project when nothing names a backend", () => {
    const { workDir, pulumiHome, projectFile } = folder("local", plain, undefined);
    expect(resolveBackend({ workDir, pulumiHome, env: {}, projectFile: projectFile! })).toEqual({
      url: `file://${path.join(workDir, ".pulumi-state")}`,
      source: "local",
    });
  });

  it("reads PULUMI_HOME from the environment when no home is given", () => {
    const { workDir, pulumiHome } = folder("home-from-env", undefined, "file:///from-home");
    expect(resolveBackend({ workDir, env: { PULUMI_HOME: pulumiHome } })).toEqual({ url: "file:///from-home", source: "login" });
  });
});
