// The Registry provider against the real emulator over HTTP, called as the engine calls them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { MAX_CREATE_SENDS } from "../../provider/resources/lifecycle/createOnce";
import { UNKNOWN } from "../../provider/values/unknown";
import * as registry from "../../provider/resources/registry/registry.provider";
import type { RegistryOutputs } from "../../provider/resources/registry/declaration";
import type { RegistryInputs } from "../../provider/resources/registry/inputs";
import { gpuPod } from "../emulator/harness";
import { providerOnClock } from "../support/providerClock";
import { apiRequest, emulatorForProvider, passedCheck, rejection, writes } from "./providerHarness";

const USERNAME = "ci-puller-3f8a";
const PASSWORD = "pw-61c0d7e2-registry-secret";

let emulator: Emulator;
let restoreClock: () => void;

beforeAll(async () => {
  emulator = await emulatorForProvider();
  restoreClock = providerOnClock(emulator.clock);
});
afterAll(async () => {
  restoreClock();
  await emulator.close();
});
beforeEach(() => {
  emulator.faults.clear();
  emulator.resetRequests();
});

const args = (overrides: Partial<RegistryInputs> = {}): RegistryInputs & { name: string } => ({
  name: "ghcr-acme",
  username: USERNAME,
  password: PASSWORD,
  ...overrides,
});

const checked = (inputs: RegistryInputs) => passedCheck(registry.check, inputs);

/** Calls the emulator directly, as something outside Pulumi would. */
const api = (method: string, path: string, body?: unknown) => apiRequest(emulator, method, path, body);

describe("check", () => {
  it.each([
    ["an empty password", { password: "" }, "password", "Too small: expected string to have >=1 characters"],
    ["no username", { username: undefined }, "username", "required"],
    ["an empty name", { name: "" }, "name", "Too small: expected string to have >=1 characters"],
    ["an unknown property", { server: "ghcr.io" }, "server", "unknown property"],
  ])("rejects %s naming the property, with zero API calls", async (_label, change, property, reason) => {
    const result = await registry.check({}, { ...args(), ...change } as RegistryInputs);
    expect(result).toEqual({ failures: [{ property, reason }] });
    expect(emulator.requests).toEqual([]);
  });

  it("lets a password that is unknown at preview through", async () => {
    expect(await registry.check({}, args({ password: UNKNOWN }))).toEqual({ inputs: args({ password: UNKNOWN }) });
  });
});

describe("with a credential", () => {
  let id: string;
  let outs: RegistryOutputs;
  beforeAll(async () => {
    emulator.resetRequests();
    const created = await registry.create(await checked(args()));
    id = created.id;
    outs = created.outs!;
    expect(writes(emulator)).toEqual(["POST /v2/registries"]);
  });

  it("echoes the declared arguments as outputs; the service holds id and name only", () => {
    expect(outs).toEqual({ name: "ghcr-acme", username: USERNAME, password: PASSWORD });
    expect(emulator.snapshot().registries).toContainEqual({ id, name: "ghcr-acme" });
  });

  it("reports no changes for the same arguments", async () => {
    expect(await registry.diff(id, outs, await checked(args()))).toEqual({ changes: false, replaces: [] });
  });

  it.each([
    ["the name", { name: "ghcr-acme-2" }, ["name"]],
    ["the username", { username: "ci-puller-new" }, ["username"]],
    ["the password", { password: "rotated-password" }, ["password"]],
    ["everything", { name: "n", username: "u", password: "p" }, ["name", "username", "password"]],
  ])("replaces on %s", async (_label, change, replaces) => {
    expect(await registry.diff(id, outs, await checked(args(change)))).toEqual({ changes: true, replaces });
  });

  it("reads an unchanged credential back without inputs, keeping the declared username and password", async () => {
    expect(await registry.read(id, outs)).toEqual({ id, props: outs });
    expect(emulator.requests).toEqual([{ method: "GET", path: `/v2/registries/${id}`, status: 200 }]);
  });

  it("reads a name that differs from the state back as drift, with the live name in props and inputs", async () => {
    const stale = { ...outs, name: "named-elsewhere" };
    const live = { name: "ghcr-acme", username: USERNAME, password: PASSWORD };
    expect(await registry.read(id, stale)).toEqual({ id, props: live, inputs: live });
  });

  it("refuses to adopt a credential with another name, or one that does not exist", async () => {
    await expect(registry.create(await checked(args({ name: "other", adopt: id })))).rejects.toThrow(
      `adopt: registry credential "${id}" is named "ghcr-acme", not "other", and a name cannot change in place; ` +
        "declare its current name or create a new credential instead",
    );
    await expect(registry.create(await checked(args({ adopt: "nosuchreg1" })))).rejects.toThrow(
      'adopt: there is no registry credential with id "nosuchreg1"',
    );
    expect(writes(emulator)).toEqual([]);
  });

  it("refuses to replace an adopted credential while adopt still names it", async () => {
    await expect(registry.diff(id, outs, await checked(args({ password: "rotated", adopt: id })))).rejects.toThrow(
      `registry credential ${id} was adopted and password cannot change in place.`,
    );
  });
});

it("explains a delete refused because pods use the credential, and deletes once they are gone", async () => {
  const { id } = await registry.create(await checked(args({ name: "in-use" })));
  const pods = [];
  for (const name of ["puller-a", "puller-b"])
    pods.push(JSON.parse((await api("POST", "/v2/pods", gpuPod({ name, registry: id }))).text).id);
  const error = await rejection(registry.delete(id));
  expect(error.message).toBe(
    `registry credential ${id} cannot be deleted while pods ${pods[0]} (puller-a), ${pods[1]} (puller-b) use it: ` +
      "delete them or move them to another registry first" +
      " (a pod that took its registry from a template keeps it; set `registry` on the pod itself so that it moves along)",
  );
  await api("DELETE", `/v2/pods/${pods[0]}`);
  await expect(registry.delete(id)).rejects.toThrow(
    `registry credential ${id} cannot be deleted while pod ${pods[1]} (puller-b) uses it: delete it or move it to another registry first` +
      " (a pod that took its registry from a template keeps it; set `registry` on the pod itself so that it moves along)",
  );
  await api("PATCH", `/v2/pods/${pods[1]}`, { registry: null });
  emulator.resetRequests();
  await registry.delete(id);
  expect(writes(emulator)).toEqual([`DELETE /v2/registries/${id}`]);
  expect(emulator.snapshot().registries.map((r) => r.id)).not.toContain(id);
  await api("DELETE", `/v2/pods/${pods[1]}`);
});

it("takes over the credential a create made when the answer to that create was lost", async () => {
  emulator.faults.loseResponses(1, { method: "POST", path: "/v2/registries" });
  const { id } = await registry.create(await checked(args({ name: "answer-lost" })));
  expect(emulator.snapshot().registries.filter((r) => r.name === "answer-lost")).toEqual([{ id, name: "answer-lost" }]);
  expect(emulator.requests.filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: "/v2/registries", status: 0 }]);
  await registry.delete(id);
});

it("never lets the username or password into an error message, a plain output or an API answer", async () => {
  const secrets = [PASSWORD, USERNAME];
  const { id, outs } = await registry.create(await checked(args({ name: "leak-check" })));
  const { username: _username, password: _password, ...plainOutputs } = outs!;
  const podId = JSON.parse((await api("POST", "/v2/pods", gpuPod({ name: "leak-pod", registry: id }))).text).id;

  const checkResult = await registry.check({}, { ...args(), password: 42 } as unknown as RegistryInputs);
  const errors = [
    await rejection(registry.create(args({ name: "" }))),
    await rejection(registry.create(args({ name: "other", adopt: id }))),
    await rejection(registry.diff(id, outs!, args({ password: "rotated", adopt: id }))),
    await rejection(registry.delete(id)),
  ];
  // A 5xx on create is sent again (createOnce), so only one that outlasts every send fails the create.
  emulator.faults.injectStatus(500, { count: MAX_CREATE_SENDS, method: "POST", path: "/v2/registries" });
  errors.push(await rejection(registry.create(args({ name: "server-error" }))));
  expect(errors.map((error) => error.constructor.name)).toEqual(["BadRequestError", "UserError", "UserError", "UserError", "Error"]);
  expect((errors[4]?.cause as Error).constructor.name).toBe("ServerError");

  const answers = [
    await api("GET", "/v2/registries"),
    await api("GET", `/v2/registries/${id}`),
    await api("POST", "/v2/registries", args({ name: "direct" })),
    await api("POST", "/v2/registries", { ...args(), name: "", extra: PASSWORD }),
    await api("DELETE", `/v2/registries/${id}`),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 201, 400, 400]);

  const texts = [
    ...errors.flatMap((error) => [error.message, String((error.cause as Error | undefined)?.message)]),
    JSON.stringify(checkResult),
    JSON.stringify(plainOutputs),
    JSON.stringify(emulator.snapshot()),
    ...answers.map((answer) => answer.text),
  ];
  for (const secret of secrets) expect(texts.filter((text) => text.includes(secret))).toEqual([]);

  await api("DELETE", `/v2/pods/${podId}`);
  await registry.delete(id);
});
