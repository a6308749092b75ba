/**
 * The engine driver on its own, through the real Pulumi CLI: up, preview, an in-place update, the state's
 * shape, destroy. The resource is the fixture package's one-file dynamic provider, packed and installed
 * exactly like pulumi-computeplatform, so this also proves that a provider module found in node_modules
 * is stored as a small require() and that its `configure` receives the stack config.
 */
import { randomBytes } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { openTestStack } from "../support/stack";
import { dynamicType, PROVIDER_SIZE_LIMIT, providerSizes, stateContains, type StateResource } from "../support/state";
import { requireFrom, suiteWorkDir } from "../support/workDir";

const apiKey = `test-key-${randomBytes(12).toString("hex")}`;
const apiUrl = "http://127.0.0.1:9/unused";

describe("engine driver", () => {
  let driver: StackDriver;

  beforeAll(async () => {
    const workDir = suiteWorkDir("driver");
    const fixture = requireFrom(workDir)("computeplatform-fixture-provider") as {
      Echo: new (
        name: string,
        args: { message: pulumi.Input<string> },
      ) => pulumi.CustomResource & {
        message: pulumi.Output<string>;
        configuredUrl: pulumi.Output<string>;
      };
    };
    driver = await openTestStack({
      stackName: "driver",
      projectName: "driver",
      workDir,
      config: {
        "computeplatform:apiUrl": { value: apiUrl },
        "computeplatform:apiKey": { value: apiKey, secret: true },
      },
      program: async () => {
        const echo = new fixture.Echo("echo", { message: new pulumi.Config().get("message") ?? "hello" });
        return { message: echo.message, configuredUrl: echo.configuredUrl };
      },
    });
  });

  afterAll(async () => {
    await driver?.remove();
  });

  it("up creates the stack and the resource, and the provider got the stack config", async () => {
    const result = await driver.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    expect(result.outputs.message?.value).toBe("hello");
    expect(result.outputs.configuredUrl?.value).toBe(apiUrl);
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
