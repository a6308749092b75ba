// The Template provider against the real emulator over HTTP, called as the engine calls it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Emulator } from "../../emulator";
import { UNKNOWN } from "../../provider/values/unknown";
import * as template from "../../provider/resources/template.provider";
import type { TemplateOutputs } from "../../provider/resources/template/declaration";
import type { TemplateInputs } from "../../provider/resources/template/inputs";
import { sharedClient } from "../../provider/sharedClient";
import { gpuPod } from "../emulator/harness";
import { apiRequest, emulatorForProvider, passedCheck, rejection, writes } from "./providerHarness";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorForProvider();
});
afterAll(async () => emulator.close());
beforeEach(() => {
  emulator.faults.clear();
  emulator.resetRequests();
});
afterEach(() => vi.restoreAllMocks());

const args = (overrides: Partial<TemplateInputs> = {}): TemplateInputs => ({
  name: "trainer",
  image: "org/trainer:1.4",
  disk: 40,
  env: { HF_HOME: "/workspace/hf" },
  ports: ["22/tcp", "8888/http"],
  mounts: { persistent: { size: 50, path: "/workspace" } },
  ...overrides,
});

const checked = (inputs: TemplateInputs) => passedCheck(template.check, inputs);

/** Calls the emulator directly, as something outside Pulumi would. */
const api = (method: string, path: string, body?: unknown) => apiRequest(emulator, method, path, body);

describe("check", () => {
  it("applies every documented default", async () => {
    expect(await template.check({}, { name: "t", image: "org/t:1" })).toEqual({
      inputs: {
        name: "t",
        image: "org/t:1",
        args: "",
        disk: 20,
        env: {},
        ports: [],
        registry: null,
        mounts: {},
        public: false,
        serverless: false,
        category: "NVIDIA",
        startSsh: true,
        startJupyter: true,
        allowedCudaVersions: [],
      },
    });
  });

  it.each([
    ["an empty name", { name: "" }, "name", "Too small: expected string to have >=1 characters"],
    ["no image", { image: undefined }, "image", "required"],
    ["disk 0", { disk: 0 }, "disk", "Too small: expected number to be >=1"],
    ["a fractional disk", { disk: 2.5 }, "disk", "Invalid input: expected int, received number"],
    [
      "a port without protocol",
      { ports: ["22/tcp", "8888"] },
      "ports[1]",
      'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535',
    ],
    ["port 70000", { ports: ["70000/tcp"] }, "ports[0]", 'must be "<port>/http" or "<port>/tcp" with a port from 1 to 65535'],
    [
      "a persistent mount below 10 GB",
      { mounts: { persistent: { size: 9, path: "/w" } } },
      "mounts.persistent.size",
      "Too small: expected number to be >=10",
    ],
    ["a mount without a path", { mounts: { persistent: { size: 10 } } }, "mounts.persistent.path", "required"],
    [
      "a network mount",
      { mounts: { network: [{ volumeId: "v", path: "/d" }] } },
      "mounts.network",
      "a template mounts only persistent storage; mount network volumes on the pods instead",
    ],
    ["an unknown category", { category: "TPU" }, "category", 'Invalid option: expected one of "CPU"|"NVIDIA"|"AMD"'],
    ["a malformed CUDA version", { allowedCudaVersions: ["12.4", "12"] }, "allowedCudaVersions[1]", "must be a CUDA version like 12.4"],
    ["an empty registry id", { registry: "" }, "registry", "Too small: expected string to have >=1 characters"],
    ["an unknown property", { imageName: "org/t:1" }, "imageName", "unknown property"],
    ["a field only pods have", { gpu: { id: "NVIDIA L40S" } }, "gpu", "unknown property"],
  ])("rejects %s naming the property, with zero API calls", async (_label, change, property, reason) => {
    const result = await template.check({}, { ...args(), ...change } as TemplateInputs);
    expect(result).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });

  it("lets values unknown at preview through", async () => {
    const inputs = args({ registry: UNKNOWN, mounts: UNKNOWN as never });
    expect((await template.check({}, inputs)).failures).toBeUndefined();
  });
});

describe("with a template", () => {
  let id: string;
  let outs: TemplateOutputs;
  beforeAll(async () => {
    emulator.resetRequests();
    const created = await template.create(await checked(args()));
    id = created.id;
    outs = created.outs!;
    expect(writes(emulator)).toEqual(["POST /v2/templates"]);
  });

  it("records the template the API holds", () => {
    expect(emulator.snapshot().templates).toContainEqual({ id, ...outs });
    expect(outs).toEqual({
      name: "trainer",
      image: "org/trainer:1.4",
      args: "",
      disk: 40,
      env: { HF_HOME: "/workspace/hf" },
      ports: ["22/tcp", "8888/http"],
      registry: null,
      mounts: { persistent: { size: 50, path: "/workspace" } },
      public: false,
      serverless: false,
      category: "NVIDIA",
      startSsh: true,
      startJupyter: true,
      allowedCudaVersions: [],
    });
  });

  it("reports no changes for the same arguments", async () => {
    expect(await template.diff(id, outs, await checked(args()))).toEqual({ changes: false, replaces: [] });
  });

  it.each([
    ["the name", { name: "renamed" }],
    ["the image", { image: "org/trainer:2.0" }],
    ["the args", { args: "--epochs 3" }],
    ["the disk", { disk: 80 }],
    ["the env", { env: { HF_HOME: "/data/hf", EXTRA: "1" } }],
    ["the ports", { ports: ["22/tcp"] }],
    ["the mount path", { mounts: { persistent: { size: 50, path: "/data" } } }],
    ["a smaller mount", { mounts: { persistent: { size: 10, path: "/workspace" } } }],
    ["public", { public: true }],
    ["serverless", { serverless: true }],
    ["the category", { category: "CPU" as const }],
    ["startSsh", { startSsh: false }],
    ["startJupyter", { startJupyter: false }],
    ["the CUDA constraint", { allowedCudaVersions: ["12.8"] }],
  ])("updates %s in place", async (_label, change) => {
    expect(await template.diff(id, outs, await checked(args(change)))).toEqual({ changes: true, replaces: [] });
  });

  it.each([
    ["omitting mounts", { mounts: undefined }],
    ["an empty mounts", { mounts: {} }],
  ])("replaces on removing the persistent mount (%s)", async (_label, change) => {
    expect(await template.diff(id, outs, await checked(args(change)))).toEqual({ changes: true, replaces: ["mounts"] });
  });

  it("does not call a mount unknown at preview a removal", async () => {
    expect(await template.diff(id, outs, { ...(await checked(args())), mounts: UNKNOWN as never })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  it("updates in place with exactly one PATCH holding exactly the changed fields", async () => {
    // A change made elsewhere to a field the program does not change must survive: only changed fields are sent.
    expect((await api("PATCH", `/v2/templates/${id}`, { args: "--set-elsewhere" })).status).toBe(200);
    const update = vi.spyOn(sharedClient().templates, "update");
    emulator.resetRequests();
    const news = await checked(args({ name: "renamed", env: { HF_HOME: "/data/hf" }, allowedCudaVersions: ["12.4"] }));
    const { outs: updated } = await template.update(id, outs, news);
    expect(writes(emulator)).toEqual([`PATCH /v2/templates/${id}`]);
    expect(update.mock.calls).toEqual([[id, { name: "renamed", env: { HF_HOME: "/data/hf" }, allowedCudaVersions: ["12.4"] }]]);
    expect(updated).toEqual({
      ...outs,
      name: "renamed",
      args: "--set-elsewhere",
      env: { HF_HOME: "/data/hf" },
      allowedCudaVersions: ["12.4"],
    });
    outs = updated!;
  });

  it("updates a mount and clears the CUDA constraint in place", async () => {
    const news = await checked(args({ name: "renamed", env: { HF_HOME: "/data/hf" }, mounts: { persistent: { size: 20, path: "/w" } } }));
    const { outs: updated } = await template.update(id, outs, news);
    expect(writes(emulator)).toEqual([`PATCH /v2/templates/${id}`]);
    expect(updated).toMatchObject({ mounts: { persistent: { size: 20, path: "/w" } }, allowedCudaVersions: [] });
    outs = updated!;
  });

  it("makes no write when nothing differs", async () => {
    const { outs: same } = await template.update(id, outs, { ...(await checked(args())), ...outs });
    expect(writes(emulator)).toEqual([]);
    expect(same).toEqual(outs);
  });

  it("reads an unchanged template back without inputs, and one changed elsewhere with the live inputs", async () => {
    expect(await template.read(id, outs)).toEqual({ id, props: outs });
    await api("PATCH", `/v2/templates/${id}`, { image: "org/elsewhere:1" });
    const live = { ...outs, image: "org/elsewhere:1" };
    expect(await template.read(id, outs)).toEqual({ id, props: live, inputs: live });
    outs = live;
  });

  it("adopts it, after which the same arguments show no changes", async () => {
    const adoptArgs = await checked({ ...outs, adopt: id });
    emulator.resetRequests();
    const adopted = await template.create(adoptArgs);
    expect(adopted).toEqual({ id, outs });
    expect(writes(emulator)).toEqual([]);
    expect(await template.diff(id, adopted.outs!, adoptArgs)).toEqual({ changes: false, replaces: [] });
  });

  it("adopting with other arguments brings the template to them with one PATCH", async () => {
    const adoptArgs = await checked({ ...outs, name: "adopted", adopt: id });
    const adopted = await template.create(adoptArgs);
    expect(writes(emulator)).toEqual([`PATCH /v2/templates/${id}`]);
    expect(adopted.outs!.name).toBe("adopted");
    expect(await template.diff(id, adopted.outs!, adoptArgs)).toEqual({ changes: false, replaces: [] });
    outs = adopted.outs!;
  });

  it("refuses to adopt when the mount would have to go, and refuses to replace an adopted template", async () => {
    const { mounts: _mounts, ...withoutMount } = outs;
    await expect(template.create(await checked({ ...withoutMount, adopt: id }))).rejects.toThrow(
      `adopt: template "${id}" has a persistent mount the arguments do not declare, and a mount cannot be removed in place; ` +
        'declare mounts.persistent {"size":20,"path":"/w"} or create a new template instead',
    );
    await expect(template.diff(id, outs, await checked({ ...withoutMount, adopt: id }))).rejects.toThrow(
      `template ${id} was adopted and mounts cannot change in place.`,
    );
    expect(writes(emulator)).toEqual([]);
  });
});

describe("adopt refusals", () => {
  it.each([
    ["an unknown id", "nosuchtpl1"],
    ["a public catalog template", "cp-pytorch-24"],
  ])("refuses %s, which is not the account's", async (_label, id) => {
    await expect(template.create(await checked(args({ adopt: id })))).rejects.toThrow(`adopt: the account has no template with id "${id}"`);
    expect(writes(emulator)).toEqual([]);
  });
});

it("reads a template deleted out of band as gone, so refresh drops it; deleting it again succeeds", async () => {
  const { id, outs } = await template.create(await checked(args({ name: "ephemeral" })));
  expect((await api("DELETE", `/v2/templates/${id}`)).status).toBe(204);
  expect(await template.read(id, outs!)).toEqual({ id: "" });
  await expect(template.delete(id)).resolves.toBeUndefined();
});

it("reads a registry credential deleted elsewhere as drift to null", async () => {
  const registry = (await api("POST", "/v2/registries", { name: "ghcr", username: "u", password: "p" })).body.id;
  const { id, outs } = await template.create(await checked(args({ name: "private", registry })));
  expect(outs!.registry).toBe(registry);
  await api("DELETE", `/v2/registries/${registry}`);
  const refreshed = await template.read(id, outs!);
  expect(refreshed).toEqual({ id, props: { ...outs, registry: null }, inputs: { ...outs, registry: null } });
  await template.delete(id);
});

it("takes over the template a create made when the answer to that create was lost", async () => {
  emulator.faults.loseResponses(1, { method: "POST", path: "/v2/templates" });
  const { id, outs } = await template.create(await checked(args({ name: "answer-lost" })));
  expect(emulator.snapshot().templates.filter((t) => t.name === "answer-lost")).toEqual([{ id, ...outs }]);
  expect(emulator.requests.filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: "/v2/templates", status: 0 }]);
  await template.delete(id);
});

it("leaves nothing behind when the API refuses the create", async () => {
  const before = emulator.snapshot().templates;
  const error = await rejection(template.create(await checked(args({ name: "refused", registry: "nosuchreg1" }))));
  expect(error.message).toMatch(/^POST \/v2\/templates failed with 400 Bad Request: Registry nosuchreg1 does not exist/);
  expect(emulator.snapshot().templates).toEqual(before);
});

it("explains a delete refused because pods were made from the template, and deletes once they are gone", async () => {
  const { id } = await template.create(await checked(args({ name: "in-use" })));
  const pods: string[] = [];
  for (const name of ["user-a", "user-b"]) {
    pods.push((await api("POST", "/v2/pods", gpuPod({ name, image: undefined, templateId: id }))).body.id);
  }
  expect((await rejection(template.delete(id))).message).toBe(
    `template ${id} cannot be deleted: it is still used by pods ${pods[0]} (user-a), ${pods[1]} (user-b). ` +
      "Delete them or move them off the template (recreate without templateId) first",
  );
  await api("DELETE", `/v2/pods/${pods[0]}`);
  expect((await rejection(template.delete(id))).message).toBe(
    `template ${id} cannot be deleted: it is still used by pod ${pods[1]} (user-b). ` +
      "Delete it or move it off the template (recreate without templateId) first",
  );
  await api("DELETE", `/v2/pods/${pods[1]}`);
  emulator.resetRequests();
  await template.delete(id);
  expect(writes(emulator)).toEqual([`DELETE /v2/templates/${id}`]);
  expect(emulator.snapshot().templates.map((t) => t.id)).not.toContain(id);
});
