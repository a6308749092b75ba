/**
 * A stack deployed with the package as it was released at commit 13d24b8 (its packed tarball is the fixture
 * test/fixtures/oldPackage/pulumi-computeplatform-0.1.0-13d24b8.tgz) is refreshed, updated and destroyed with this
 * one, through the real `pulumi` CLI, in a program folder of its own
 * (the old package and the engine's dynamic provider process resolve from there). The old state's provider modules are
 * `require()` paths into the package, so each must still resolve after the new package replaces the old one.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { Deployment } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StackDriver } from "../../automation";
import { expectEmulatorMatchesState } from "../support/compare";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { closeTestStack, openTestStack } from "../support/stack";
import { expectProvidersRequired, releasedProviderModuleRequire, stateResources } from "../support/state";
import { exec } from "../support/subprocess";

const OLD_TARBALL = path.join(repoRoot, "test", "fixtures", "oldPackage", "pulumi-computeplatform-0.1.0-13d24b8.tgz");
const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };

type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

describe("a stack deployed with the package of 13d24b8, carried on by this one", () => {
  let folder: string;
  let api: TestEmulator;
  let stack: StackDriver;

  /**
   * Installs one packed package into the program folder as prepareProgramFolder does: `@pulumi/pulumi` linked to this
   * process's copy, with which the inline program must register its resources.
   */
  async function install(tarball: string): Promise<void> {
    const args = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--legacy-peer-deps", "--no-package-lock", tarball];
    const finished = await exec("npm", args, { cwd: folder });
    expect(finished.code, finished.stderr).toBe(0);
    const link = path.join(folder, "node_modules", "@pulumi", "pulumi");
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(path.dirname(require.resolve("@pulumi/pulumi/package.json")), link, "dir");
  }

  /** The installed package's exported subpaths: tells the old package from the new one. */
  const installedExports = () =>
    Object.keys(
      (
        JSON.parse(fs.readFileSync(path.join(folder, "node_modules", "pulumi-computeplatform", "package.json"), "utf8")) as {
          exports: object;
        }
      ).exports,
    );

  /** The stack's state, asserted equal to what the emulator holds. */
  async function inSync(): Promise<Deployment> {
    const state = await stack.exportState();
    expectEmulatorMatchesState(api.emulator.snapshot(), state);
    return state;
  }

  beforeAll(async () => {
    folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-old-state-e2e-")));
    expect((await exec("npm", ["init", "-y"], { cwd: folder })).code).toBe(0);
    await install(OLD_TARBALL);
    expect(installedExports()).toContain("./dist/*");
    api = await startTestEmulator();
    const requireFromFolder = createRequire(path.join(folder, "program.js"));
    stack = await openTestStack({
      stackName: "old-state",
      projectName: "old-state",
      workDir: folder,
      config: { ...api.stackConfig, "old-state:size": { value: "20" }, "old-state:image": { value: "alpine:3" } },
      program: async () => {
        // Loaded at each run, so that the run after the swap takes the package then installed.
        const { NetworkVolume, Pod } = requireFromFolder("pulumi-computeplatform") as Record<string, ResourceClass>;
        const config = new pulumi.Config();
        new NetworkVolume!("data", { name: "data", size: config.requireNumber("size"), dataCenter: "US-TX-3" });
        new Pod!("worker", {
          name: "worker",
          image: config.require("image"),
          gpu: { id: "NVIDIA GeForce RTX 4090" },
          readyTimeoutSeconds: 60,
        });
      },
    });
    await stack.up();
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  it("the old package recorded each provider module as a require() of its path in the package", async () => {
    const state = await inSync();
    for (const kind of ["NetworkVolume", "Pod"]) {
      expect(stateResources(state, kind)[0]?.outputs?.__provider, kind).toContain(`require("${releasedProviderModuleRequire(kind)}")`);
    }
    expect(api.emulator.snapshot().networkVolumes).toMatchObject([{ name: "data", size: 20 }]);
  });

  it("with the new package in its place, refresh reads both resources through the old state's paths", async () => {
    const installed = path.join(folder, "node_modules", "pulumi-computeplatform");
    await install(path.join(inject("programFolder"), `pulumi-computeplatform-${version}.tgz`));
    expect(installedExports()).not.toContain("./dist/*");
    const cache = createRequire(path.join(folder, "program.js")).cache;
    for (const file of Object.keys(cache)) if (file.startsWith(installed + path.sep)) delete cache[file];
    await stack.refresh();
    const state = await inSync();
    expect(stateResources(state, "NetworkVolume")).toHaveLength(1);
    expect(stateResources(state, "Pod")).toHaveLength(1);
  });

  it("an update changes both in place and records the new package's provider modules, each 400 B or less", async () => {
    const before = await stack.exportState();
    await stack.setConfig({ "old-state:size": { value: "30" }, "old-state:image": { value: "alpine:3.20" } });
    await stack.up();
    const state = await inSync();
    expect(stateResources(state, "NetworkVolume").map((r) => r.id)).toEqual(stateResources(before, "NetworkVolume").map((r) => r.id));
    expect(stateResources(state, "Pod").map((r) => r.id)).toEqual(stateResources(before, "Pod").map((r) => r.id));
    expect(api.emulator.snapshot().networkVolumes).toMatchObject([{ name: "data", size: 30 }]);
    expect(api.emulator.snapshot().pods).toMatchObject([{ name: "worker", image: "alpine:3.20", status: "RUNNING" }]);
    expectProvidersRequired(state, ["NetworkVolume", "Pod"]);
  });

  it("destroy removes both", async () => {
    await stack.destroy();
    expect(stateResources(await inSync(), "NetworkVolume")).toEqual([]);
    expect(api.emulator.snapshot().networkVolumes).toEqual([]);
    expect(api.emulator.snapshot().pods.filter((pod) => pod.status !== "TERMINATED")).toEqual([]);
  });
});
