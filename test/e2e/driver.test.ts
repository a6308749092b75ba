/**
 * The engine driver on its own, through the real Pulumi CLI: up, preview, an in-place update, the state's
 * shape, destroy. The resource is the fixture package's one-file dynamic provider, packed and installed
 * exactly like pulumi-computeplatform, so this also proves that a provider module found in node_modules
 * is stored as a small require() and that its `configure` receives the stack config. What the driver reads from a
 * file backend's checkpoint file, without a `pulumi` process (the state, the stack outputs), and the config of a stack
 * that no file gives any, is what the CLI prints.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import * as pulumi from "@pulumi/pulumi";
import type { Deployment, LocalWorkspace } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeSummary, ensurePulumiCli, type StackDriver } from "../../automation";
import { checkpointFile, exportedCheckpoint } from "../../automation/checkpointFile";
import { stackOutputs } from "../../automation/stackOutputs";
import { openTestStack } from "../support/stack";
import { dynamicType, PROVIDER_SIZE_LIMIT, providerSizes, stateContains, type StateResource } from "../support/state";
import { exec } from "../support/subprocess";
import { requireFrom, suiteWorkDir } from "../support/workDir";

const apiKey = `test-key-${randomBytes(12).toString("hex")}`;
const apiUrl = "http://127.0.0.1:9/unused";
/** Stack outputs of every JSON shape, which the checkpoint file holds as the CLI prints them. */
const shapes = { nothing: null, empty: {}, none: [], numbers: [0, -1.5, 1e21, 2 ** 53], yes: true, text: '<ä & \u2028 "x">' };

/** Opens stack `driver` of project `driver` in a folder of its own, deploying one Echo. */
async function openDriver(folder: string, envVars?: Record<string, string>): Promise<StackDriver> {
  const workDir = suiteWorkDir(folder);
  const fixture = requireFrom(workDir)("computeplatform-fixture-provider") as {
    Echo: new (
      name: string,
      args: { message: pulumi.Input<string> },
    ) => pulumi.CustomResource & {
      message: pulumi.Output<string>;
      configuredUrl: pulumi.Output<string>;
    };
  };
  return openTestStack({
    stackName: "driver",
    projectName: "driver",
    workDir,
    ...(envVars ? { envVars } : {}),
    config: {
      "computeplatform:apiUrl": { value: apiUrl },
      "computeplatform:apiKey": { value: apiKey, secret: true },
    },
    program: async () => {
      const config = new pulumi.Config();
      const echo = new fixture.Echo("echo", { message: config.get("message") ?? "hello" });
      const secrets = config.getBoolean("secretOutputs") ? { secret: pulumi.secret("shown"), nested: [1, pulumi.secret("inner")] } : {};
      return { message: echo.message, configuredUrl: echo.configuredUrl, shapes, ...secrets };
    },
  });
}

/** What `pulumi <args> --json`, e.g. `stack export`, prints of the stack. */
async function printed(stack: StackDriver, args: string[]): Promise<unknown> {
  const workspace = stack.stack.workspace as LocalWorkspace;
  const command = [...args, "--stack", stack.stackName, "--non-interactive"];
  const finished = await exec((await ensurePulumiCli()).path, command, { cwd: workspace.workDir, env: workspace.envVars });
  expect(finished.code, finished.stderr).toBe(0);
  return JSON.parse(finished.stdout);
}

/**
 * Asserts that the state read from the stack's checkpoint file is what `pulumi stack export` prints, parsed, and the
 * stack outputs what the Automation API's `stack.outputs()` (two `pulumi stack output` runs) gives; returns the state.
 */
async function expectReadAsPrinted(stack: StackDriver): Promise<Deployment> {
  const file = checkpointFile(stack.backend.url, "driver", stack.stackName);
  const state = file ? exportedCheckpoint(file) : undefined;
  expect(state).toStrictEqual(await printed(stack, ["stack", "export"]));
  expect(await stack.outputs()).toStrictEqual(await stack.stack.outputs());
  return state!;
}

describe("engine driver", () => {
  let driver: StackDriver;

  beforeAll(async () => {
    driver = await openDriver("driver");
  });

  afterAll(async () => {
    await driver?.remove();
  });

  it("up creates the stack and the resource, and the provider got the stack config", async () => {
    const result = await driver.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    expect(result.outputs.message?.value).toBe("hello");
    expect(result.outputs.configuredUrl?.value).toBe(apiUrl);
    expect(result.outputs.shapes).toEqual({ value: shapes, secret: false });
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await driver.preview())).toEqual({ same: 2 });
  });

  it("a config edit becomes exactly one in-place update", async () => {
    await driver.setConfig({ "driver:message": { value: "changed" } });
    const result = await driver.up();
    expect(changeSummary(result)).toEqual({ same: 1, update: 1 });
    expect((await driver.outputs()).message?.value).toBe("changed");
  });

  it("reads the state and the stack outputs from the checkpoint file as the CLI prints them", async () => {
    const plain = await expectReadAsPrinted(driver);
    // Plain outputs need no `pulumi` run at all.
    expect(await stackOutputs(plain, () => Promise.reject(new Error("ran pulumi stack output")))).toStrictEqual(await driver.outputs());

    await driver.setConfig({ "driver:secretOutputs": { value: "true" } });
    const result = await driver.up();
    expect(changeSummary(result)).toEqual({ same: 2 });
    expect(result.outputs.secret).toEqual({ value: "shown", secret: true });
    expect(result.outputs.nested).toEqual({ value: [1, "inner"], secret: false });
    const state = await expectReadAsPrinted(driver);
    expect(stateContains(state, "shown")).toBe(false);

    // `pulumi stack import` drops pending operations; a killed deployment leaves them in the file, as written here.
    const file = checkpointFile(driver.backend.url, "driver", driver.stackName)!;
    const stored = fs.readFileSync(file, "utf8");
    const { id: _made, ...echo } = (state.deployment.resources as StateResource[]).find(
      (resource) => resource.type === dynamicType("Echo"),
    )!;
    const pending = [{ resource: { ...echo, urn: `${echo.urn}-pending` }, type: "creating" }];
    const checkpoint = JSON.parse(stored) as { checkpoint: { latest: Record<string, unknown> } };
    fs.writeFileSync(
      file,
      JSON.stringify({
        ...checkpoint,
        checkpoint: { ...checkpoint.checkpoint, latest: { ...checkpoint.checkpoint.latest, pending_operations: pending } },
      }),
    );
    try {
      expect((await expectReadAsPrinted(driver)).deployment.pending_operations).toEqual(pending);
    } finally {
      fs.writeFileSync(file, stored);
    }
  });

  it("reads a configured stack's config through the CLI, secrets decrypted", async () => {
    const config = await driver.config();
    expect(config["computeplatform:apiKey"]).toEqual({ value: apiKey, secret: true });
    expect(config).toStrictEqual(await driver.stack.getAllConfig());
  });

  it("stores the provider as a small require() and the API key only encrypted", async () => {
    const state = await driver.exportState();
    const echo = (state.deployment.resources as StateResource[]).find((r) => r.type === dynamicType("Echo"));
    expect(echo?.outputs?.__provider).toContain('require("computeplatform-fixture-provider/echo.provider.js")');
    for (const size of Object.values(providerSizes(state))) expect(size).toBeLessThanOrEqual(PROVIDER_SIZE_LIMIT);
    expect(stateContains(state, apiKey)).toBe(false);
  });

  it("destroy deletes everything", async () => {
    expect(changeSummary(await driver.destroy())).toEqual({ delete: 2 });
    const state = await driver.exportState();
    expect(state.deployment.resources ?? []).toEqual([]);
  });
});

describe("a stack that no file gives config", () => {
  it("has none, read from its files without a `pulumi config` run, as the CLI prints it", async () => {
    const stack = await openTestStack({ stackName: "bare", projectName: "bare", workDir: suiteWorkDir("bare"), program: async () => ({}) });
    try {
      const read = vi.spyOn(stack.stack, "getAllConfig");
      expect(await stack.config()).toStrictEqual({});
      expect(read).not.toHaveBeenCalled();
      read.mockRestore();
      expect(await stack.stack.getAllConfig()).toStrictEqual({});
    } finally {
      await stack.remove();
    }
  });
});

describe("a file backend that gzips its checkpoints", () => {
  let driver: StackDriver;

  beforeAll(async () => {
    driver = await openDriver("driver-gzip", { PULUMI_DIY_BACKEND_GZIP: "true" });
  });

  afterAll(async () => {
    await driver?.remove();
  });

  it("is read from its checkpoint file as the CLI prints it, before the first update and after it", async () => {
    await expectReadAsPrinted(driver);
    await driver.setConfig({ "driver:secretOutputs": { value: "true" } });
    expect(changeSummary(await driver.up())).toEqual({ create: 2 });
    const stacks = path.join(fileURLToPath(driver.backend.url), ".pulumi", "stacks", "driver");
    expect(checkpointFile(driver.backend.url, "driver", "driver")).toBe(path.join(stacks, "driver.json.gz"));
    await expectReadAsPrinted(driver);
  });
});
