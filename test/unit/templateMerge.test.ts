// How the emulator turns a pod create body that names a template into the body the pod is made with.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { podBodyFromTemplate } from "../../emulator/pods/podFromTemplate";
import { type CreatePodFromTemplateRequest, createPodFromTemplateRequest } from "../../emulator/schemas";
import type { Template } from "../../emulator/wire";

const template: Template = {
  id: "tpl0000001",
  name: "trainer",
  image: "org/trainer:1.4",
  args: "--epochs 3",
  disk: 40,
  env: { HF_HOME: "/workspace/hf", MODE: "train" },
  ports: ["8888/http"],
  registry: "reg0000001",
  mounts: { persistent: { size: 50, path: "/workspace" } },
  serverless: false,
  public: false,
  category: "NVIDIA",
  startSsh: true,
  startJupyter: false,
  allowedCudaVersions: ["12.4"],
};

const request = (body: Record<string, unknown>): CreatePodFromTemplateRequest =>
  createPodFromTemplateRequest.parse({ name: "p", templateId: template.id, ...body });
const gpu = { gpu: { id: "NVIDIA L40S" } };
const cpu = { cpu: { id: "cpu3c", vcpuCount: 2, memory: 4 } };

describe("podBodyFromTemplate", () => {
  it("fills every container setting the body leaves out", () => {
    expect(podBodyFromTemplate(request(gpu), template)).toEqual({
      name: "p",
      cloud: "SECURE",
      globalNetworking: false,
      gpu: { id: "NVIDIA L40S", count: 1, allowedCudaVersions: ["12.4"] },
      image: "org/trainer:1.4",
      args: "--epochs 3",
      disk: 40,
      env: { HF_HOME: "/workspace/hf", MODE: "train" },
      ports: ["8888/http"],
      registry: "reg0000001",
      mounts: { persistent: { size: 50, path: "/workspace" } },
      startSsh: true,
      startJupyter: false,
    });
  });

  it.each([
    ["image", "org/other:1"],
    ["args", ""],
    ["disk", 5],
    ["ports", []],
    ["registry", null],
    ["startSsh", false],
    ["startJupyter", true],
  ])("keeps the body's %s", (field, value) => {
    expect(podBodyFromTemplate(request({ ...gpu, [field]: value }), template)).toMatchObject({ [field]: value });
  });

  it.each([
    ["no mounts", undefined, { persistent: { size: 50, path: "/workspace" } }],
    ["an empty mounts object", {}, { persistent: { size: 50, path: "/workspace" } }],
    ["its own persistent mount", { persistent: { size: 10, path: "/d" } }, { persistent: { size: 10, path: "/d" } }],
    ["a network mount", { network: [{ volumeId: "v", path: "/d" }] }, { network: [{ volumeId: "v", path: "/d" }] }],
    ["an empty network list", { network: [] }, { network: [] }],
  ])("a GPU pod with %s mounts %j", (_case, mounts, expected) => {
    expect(podBodyFromTemplate(request({ ...gpu, mounts }), template).mounts).toEqual(expected);
  });

  it.each([
    ["none", {}, ["12.4"], undefined],
    ["allowedCudaVersions", { allowedCudaVersions: ["12.8"] }, ["12.8"], undefined],
    ["an empty allowedCudaVersions", { allowedCudaVersions: [] }, [], undefined],
    ["minCudaVersion", { minCudaVersion: "12.6" }, undefined, "12.6"],
  ])("a GPU pod sending %s as its CUDA constraint keeps only its own", (_case, cuda, allowed, minimum) => {
    const { gpu: merged } = podBodyFromTemplate(request({ gpu: { id: "NVIDIA L40S", ...cuda } }), template);
    expect(merged).toEqual({ id: "NVIDIA L40S", count: 1, allowedCudaVersions: allowed, minCudaVersion: minimum });
  });

  it("a CPU pod takes neither the persistent mount nor the CUDA constraint", () => {
    const body = podBodyFromTemplate(request(cpu), template);
    expect([body.mounts, body.gpu]).toEqual([undefined, undefined]);
  });

  it("merges env per key, the body's value winning", () => {
    const env = fc.dictionary(fc.constantFrom("A", "B", "MODE", "HF_HOME"), fc.string());
    fc.assert(
      fc.property(env, env, (fromTemplate, fromBody) => {
        const merged = podBodyFromTemplate(request({ ...gpu, env: fromBody }), { ...template, env: fromTemplate }).env ?? {};
        expect(Object.keys(merged).sort()).toEqual([...new Set([...Object.keys(fromTemplate), ...Object.keys(fromBody)])].sort());
        for (const [key, value] of Object.entries(merged)) expect(value).toBe(fromBody[key] ?? fromTemplate[key]);
      }),
    );
  });
});
