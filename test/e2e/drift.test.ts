/**
 * `computeplatform drift` (and `preview --refresh`) through the packed package's CLI against a local emulator and the
 * real Pulumi CLI: a pod and a volume are deployed, then changed outside the stack through the API (the pod resized
 * and its env changed, the volume deleted); the check names exactly those fields with exit 2 and sends no write; a
 * broken API key or URL exits 1; a following `up` repairs both, and the check then exits 0. The pod's env is a secret:
 * its changed keys are named, their values never shown, and no value is in any file of the state backend.
 */
import * as fs from "node:fs";
import { once } from "node:events";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectEmulatorMatchesState } from "../support/compare";
import { exportedStackState, filesHolding } from "../support/state";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { exec, type Finished, stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

const manifest = `resources:
  scratch:
    type: NetworkVolume
    properties:
      name: drift-scratch
      size: 20
      dataCenter: US-TX-3
  worker:
    type: Pod
    properties:
      name: drift-worker
      image: ubuntu:24.04
      gpu:
        id: NVIDIA A100 80GB PCIe
        count: 1
      disk: 20
      env:
        MODE: nightly-batch
        LOG_LEVEL: quiet-info
`;

describe("computeplatform drift on a pod and a volume changed outside the stack", () => {
  let api: TestEmulator;
  let folder: string;
  let env: NodeJS.ProcessEnv;

  const computeplatform = (args: string[], overrides: NodeJS.ProcessEnv = {}): Promise<Finished> => {
    const cli = path.join(inject("programFolder"), "node_modules", "pulumi-computeplatform", "dist", "cli", "main.js");
    return exec(process.execPath, [cli, ...args], { cwd: folder, env: { ...env, ...overrides } });
  };
  const exportedState = async () => exportedStackState(env, path.basename(folder));
  const writesSince = (count: number) => api.emulator.requests.slice(count).filter((request) => request.method !== "GET");

  beforeAll(async () => {
    api = await startTestEmulator();
    folder = suiteWorkDir("drift");
    fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
    env = await stackCommandEnvironment(folder, api);
    const result = await computeplatform(["up", "manifest.yaml"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  // No destroy: the emulator holding the resources ends here, and the state is in the run's temporary folder.
  afterAll(async () => {
    await api?.emulator.close();
  });

  it("finds no drift right after up: exit 0, and --json says so", async () => {
    const before = api.emulator.requests.length;
    expect(await computeplatform(["drift", "manifest.yaml"])).toEqual({
      code: 0,
      stdout: "Checking stack dev with manifest.yaml:\nNo drift: 2 resources match the stack's state.\n",
      stderr: "",
    });
    const json = await computeplatform(["drift", "manifest.yaml", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      operation: "drift",
      stack: "dev",
      manifest: "manifest.yaml",
      checked: 2,
      drifted: false,
      resources: [],
    });
    expect(writesSince(before)).toEqual([]);
  });

  it("exits 2 for a stack that does not exist, such as a misspelt --stack, and creates none", async () => {
    expect(await computeplatform(["drift", "manifest.yaml", "--stack", "prd", "--json"])).toEqual({
      code: 2,
      stdout: "",
      stderr: `drift failed: stack prd does not exist in ${env.PULUMI_BACKEND_URL}; its stacks: dev. Name one with --stack; only \`up\` creates a stack.\n`,
    });
    expect(fs.existsSync(path.join(folder, "Pulumi.prd.yaml"))).toBe(false);
  });

  it("names the resized pod's fields and the deleted volume with exit 2, sending no write and leaving the state as it was", async () => {
    const [pod] = api.emulator.snapshot().pods;
    const [volume] = api.emulator.snapshot().networkVolumes;
    expect(
      (await api.request("PATCH", `/v2/pods/${pod!.id}`, { disk: 40, env: { MODE: "adhoc-debug", LOG_LEVEL: "quiet-info" } })).status,
    ).toBe(200);
    expect((await api.request("DELETE", `/v2/network-volumes/${volume!.id}`)).status).toBe(204);
    const before = api.emulator.requests.length;
    const stateBefore = await exportedState();

    expect(await computeplatform(["drift", "manifest.yaml"])).toEqual({
      code: 2,
      stdout: [
        "Checking stack dev with manifest.yaml:",
        `  NetworkVolume scratch (${volume!.id}): deleted outside the stack`,
        "  Pod worker disk: state 20, live 40",
        "  Pod worker env.MODE: changed (secret)",
        "Drift: 2 of 2 resources changed outside the stack; `computeplatform up --refresh` puts them back as the manifest says.",
        "",
      ].join("\n"),
      stderr: "",
    });
    const json = await computeplatform(["drift", "manifest.yaml", "--json"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      operation: "drift",
      stack: "dev",
      manifest: "manifest.yaml",
      checked: 2,
      drifted: true,
      resources: [
        { type: "NetworkVolume", name: "scratch", id: volume!.id, drift: "deleted", fields: [] },
        {
          type: "Pod",
          name: "worker",
          id: pod!.id,
          drift: "changed",
          fields: [
            { field: "disk", state: 20, live: 40 },
            { field: "env.MODE", secret: true },
          ],
        },
      ],
    });
    expect(writesSince(before)).toEqual([]);
    expect(await exportedState()).toEqual(stateBefore);
  });

  it("preview --refresh reports the same drift before the plan that repairs it, and exits 2", async () => {
    const before = api.emulator.requests.length;
    const stateBefore = await exportedState();
    const volumeId = stateBefore.deployment?.resources?.find((resource: { type: string }) => resource.type.endsWith("NetworkVolume"))?.id;
    expect(await computeplatform(["preview", "manifest.yaml", "--refresh", "--detailed-exitcode"])).toEqual({
      code: 2,
      stdout: [
        "Previewing stack dev with manifest.yaml:",
        `  drifted: NetworkVolume scratch (${volumeId}): deleted outside the stack`,
        "  drifted: Pod worker disk: state 20, live 40",
        "  drifted: Pod worker env.MODE: changed (secret)",
        "  +  create   NetworkVolume scratch",
        // env is a secret, which the engine's events mask: the plan names the fields it can see.
        "  ~  update   Pod worker (disk)",
        "Plan: 1 to create, 1 to update; 0 unchanged",
        // The volume deleted outside the stack costs nothing before the plan; resizing the pod's disk leaves its price.
        "Cost (USD)                                    per hour                  per month",
        "Resource               Change  before   after     diff    before     after   diff",
        "NetworkVolume scratch  create       -  0.0019  +0.0019         -      1.40  +1.40",
        "Pod worker             update  1.6400  1.6400   0.0000  1,197.20  1,197.20   0.00",
        "Stack total                    1.6400  1.6419  +0.0019  1,197.20  1,198.60  +1.40",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(writesSince(before)).toEqual([]);
    expect(await exportedState()).toEqual(stateBefore);
  });

  it("exits 1 naming the failure when the API key or URL is wrong", async () => {
    const badKey = await computeplatform(["drift", "manifest.yaml"], { COMPUTEPLATFORM_API_KEY: "not-the-key" });
    expect(badKey.code).toBe(1);
    expect(badKey.stdout.trimEnd().split("\n").at(-1)).toMatch(
      /^drift failed: .*GET \/v2\/pods\/\w+ failed with 401 Unauthorized: Invalid API key/,
    );
    // A URL that reaches a web page rather than the API; a refused port would be retried for the client's whole
    // two-minute call budget, which the client's own tests cover.
    const page = http.createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<html></html>"));
    page.listen(0, "127.0.0.1");
    await once(page, "listening");
    try {
      const wrongUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
      const badUrl = await computeplatform(["drift", "manifest.yaml", "--json"], { COMPUTEPLATFORM_API_URL: wrongUrl });
      expect({ code: badUrl.code, stdout: badUrl.stdout }).toEqual({ code: 1, stdout: "" });
      expect(badUrl.stderr.trimEnd().split("\n").at(-1)).toMatch(/^drift failed: .*GET \/v2\/pods\/\w+/);
    } finally {
      page.close();
    }
  });

  it("up --refresh repairs both, the emulator then matches the manifest, and drift exits 0", async () => {
    const result = await computeplatform(["up", "manifest.yaml", "--refresh"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("Done: 1 created, 1 updated");
    const { pods, networkVolumes } = api.emulator.snapshot();
    expect(networkVolumes.map(({ name, size, dataCenter }) => ({ name, size, dataCenter }))).toEqual([
      { name: "drift-scratch", size: 20, dataCenter: "US-TX-3" },
    ]);
    expect(pods.map(({ disk, env }) => ({ disk, env }))).toEqual([{ disk: 20, env: { MODE: "nightly-batch", LOG_LEVEL: "quiet-info" } }]);
    expectEmulatorMatchesState(api.emulator.snapshot(), await exportedState());
    expect(await computeplatform(["drift", "manifest.yaml"])).toEqual({
      code: 0,
      stdout: "Checking stack dev with manifest.yaml:\nNo drift: 2 resources match the stack's state.\n",
      stderr: "",
    });
  });

  it("names an env key changed alone, by key only, and no env value is in any file of the state backend", async () => {
    const [pod] = api.emulator.snapshot().pods;
    const env = { MODE: "nightly-batch", LOG_LEVEL: "chatty-verbose" };
    expect((await api.request("PATCH", `/v2/pods/${pod!.id}`, { env })).status).toBe(200);
    const before = api.emulator.requests.length;

    const result = await computeplatform(["drift", "manifest.yaml"]);
    expect(result).toEqual({
      code: 2,
      stdout: [
        "Checking stack dev with manifest.yaml:",
        "  Pod worker env.LOG_LEVEL: changed (secret)",
        "Drift: 1 of 2 resources changed outside the stack; `computeplatform up --refresh` puts them back as the manifest says.",
        "",
      ].join("\n"),
      stderr: "",
    });
    // The engine's read of every resource, and one more of the pod, whose secret argument it found changed.
    expect(
      api.emulator.requests
        .slice(before)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual(
      [
        `GET /v2/pods/${pod!.id}`,
        `GET /v2/pods/${pod!.id}`,
        `GET /v2/network-volumes/${api.emulator.snapshot().networkVolumes[0]!.id}`,
      ].sort(),
    );
    const backend = path.join(folder, ".pulumi-state");
    for (const value of ["nightly-batch", "adhoc-debug", "quiet-info", "chatty-verbose"])
      expect(filesHolding(backend, value), value).toEqual([]);
  });
});
