// The command line itself, run from this source checkout: its version, and stack commands refusing to deploy from a checkout.
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

const main = path.join(repoRoot, "dist", "cli", "main.js");
const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
const computeplatform = (...args: string[]) => exec(process.execPath, [main, ...args], { cwd: repoRoot });

beforeAll(() => ensureBuilt(), 120_000);

describe("computeplatform", () => {
  it.each(["--version", "-v"])("%s prints the package's version", async (flag) => {
    expect(await computeplatform(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it.each(["preview", "up", "refresh", "destroy", "drift"])(
    "%s refuses to deploy from a source checkout, saying how to install it",
    async (command) => {
      expect(await computeplatform(command, "manifest.yaml")).toEqual({
        code: 1,
        stdout: "",
        stderr:
          `computeplatform: computeplatform ${command} deploys from an installed package, and this one runs from a source checkout (${fs.realpathSync(repoRoot)}). ` +
          "Pulumi records each resource's provider as a path inside node_modules, which a checkout does not have. " +
          `Install the checkout, then run the installed command: \`npm pack && npm install -g ./pulumi-computeplatform-${version}.tgz\`.\n`,
      });
    },
  );

  it.each(["preview", "up"])("%s --help documents the budget's flags, config keys and exit code", async (command) => {
    const { code, stdout } = await computeplatform(command, "--help");
    expect(code).toBe(0);
    expect(stdout).toContain("  --max-monthly-cost N  Budget per month (730 hours).");
    expect(stdout).toContain("computeplatform:maxMonthlyCost");
    expect(stdout).toContain("Exit 3 when over budget, naming the resources that add to the cost.");
  });

  it.each([
    [["preview", "manifest.yaml", "--max-monthly-cost", "ten"], '--max-monthly-cost must be a number of US dollars ≥ 0; got "ten"'],
    [["up", "manifest.yaml", "--max-hourly-cost=-2"], '--max-hourly-cost must be a number of US dollars ≥ 0; got "-2"'],
    [["preview", "manifest.yaml", "--markdown", "--json"], "--markdown and --json exclude each other"],
  ])("%j is refused as bad usage before anything runs", async (args, message) => {
    const [command] = args;
    expect(await computeplatform(...args)).toEqual({
      code: 2,
      stdout: "",
      stderr: `computeplatform ${command}: ${message}\nRun 'computeplatform ${command} --help' for usage.\n`,
    });
  });
});
