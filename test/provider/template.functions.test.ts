// getTemplate and getTemplates, both forms, against the real emulator over HTTP.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { NotFoundError } from "../../provider/client/errors";
import { getTemplate, getTemplateOutput, getTemplates, getTemplatesOutput } from "../../provider/functions/templates";
import type { Template } from "../../provider/resources/template/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { apiGet, emulatorForProvider, outputValue, writes } from "./providerHarness";
import { UserError } from "../../provider/errors";

let emulator: Emulator;
let trainer: Template;
let trainerCopy: Template;
let worker: Template;

const ids = (result: { templates: Array<{ id: string }> }) => result.templates.map((template) => template.id);

beforeAll(async () => {
  emulator = await emulatorForProvider();
  const templates = sharedClient().templates;
  trainer = await templates.create({ name: "trainer", image: "org/trainer:1.4", ports: ["22/tcp"] });
  trainerCopy = await templates.create({ name: "trainer", image: "org/trainer:1.5", public: true });
  worker = await templates.create({ name: "worker", image: "org/worker:1", serverless: true, category: "CPU" });
});
afterAll(async () => emulator.close());
beforeEach(() => emulator.resetRequests());

describe("getTemplate", () => {
  it("returns one of the account's templates exactly as the API renders it, without writing", async () => {
    expect(await getTemplate({ id: trainer.id })).toEqual(await apiGet(emulator, `/v2/templates/${trainer.id}`));
    expect(await getTemplate({ id: worker.id })).toEqual(worker);
    expect(writes(emulator)).toEqual([]);
  });

  it("returns a public catalog template", async () => {
    expect(await getTemplate({ id: "cp-pytorch-24" })).toEqual(await apiGet(emulator, "/v2/templates/cp-pytorch-24"));
  });

  it("fails with a message naming an id there is no template for", async () => {
    const failure = getTemplate({ id: "nosuchtpl1" });
    await expect(failure).rejects.toThrow(new UserError('getTemplate: there is no template with id "nosuchtpl1"'));
    await expect(failure).rejects.not.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ["an empty id", { id: "" }, "getTemplate: invalid arguments: id: Too small: expected string to have >=1 characters"],
    ["a missing id", {}, "getTemplate: invalid arguments: id: Invalid input: expected string, received undefined"],
  ])("refuses %s before any API call", async (_label, args, message) => {
    await expect(getTemplate(args as { id: string })).rejects.toThrow(new UserError(message));
    expect(emulator.requests).toEqual([]);
  });

  it("has an Output form that takes Inputs", async () => {
    expect(await outputValue(getTemplateOutput({ id: pulumi.output(Promise.resolve(trainer.id)) }))).toEqual(trainer);
  });
});

describe("getTemplates", () => {
  it("lists the account's own templates by default, as the API renders them", async () => {
    expect(await getTemplates()).toEqual(await apiGet(emulator, "/v2/templates"));
    expect(ids(await getTemplates({ source: "own" }))).toEqual([trainer.id, trainerCopy.id, worker.id]);
    expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v2/templates", "GET /v2/templates", "GET /v2/templates"]);
  });

  it.each([
    ["official", ["cp-pytorch-24", "cp-ubuntu-2404", "cp-rocm-pytorch-24", "cp-vllm-worker"]],
    ["verified", ["cp-comfyui", "cp-textgen-webui"]],
    ["community", ["cp-jax-notebook", "cp-whisper-worker"]],
  ] as const)("lists the %s slice of the public catalog", async (source, expected) => {
    const result = await getTemplates({ source });
    expect(result).toEqual(await apiGet(emulator, `/v2/catalog/templates?source=${source}`));
    expect(ids(result)).toEqual(expected);
  });

  it.each([
    ["an own name", { name: "trainer" }, () => [trainer.id, trainerCopy.id]],
    ["an exact name only", { name: "train" }, () => []],
    ["a name differing in case", { name: "Trainer" }, () => []],
    ["a catalog name", { name: "ComfyUI", source: "verified" as const }, () => ["cp-comfyui"]],
    ["a catalog name in another slice", { name: "ComfyUI", source: "official" as const }, () => []],
  ])("filters by %s", async (_label, args, expected) => {
    expect(ids(await getTemplates(args))).toEqual(expected());
  });

  it("refuses a source it does not know before any API call", async () => {
    await expect(getTemplates({ source: "public" as "official" })).rejects.toThrow(
      new UserError('getTemplates: invalid arguments: source: Invalid option: expected one of "own"|"official"|"verified"|"community"'),
    );
    expect(emulator.requests).toEqual([]);
  });

  it("has an Output form that takes Inputs, and no arguments at all", async () => {
    expect(ids(await outputValue(getTemplatesOutput({ name: pulumi.output("worker") })))).toEqual([worker.id]);
    expect(ids(await outputValue(getTemplatesOutput({ source: pulumi.output("verified" as const) })))).toEqual([
      "cp-comfyui",
      "cp-textgen-webui",
    ]);
    expect(ids(await outputValue(getTemplatesOutput()))).toEqual([trainer.id, trainerCopy.id, worker.id]);
  });
});
