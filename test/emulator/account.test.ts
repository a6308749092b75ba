import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_ACCOUNT_SSH_KEY } from "../../emulator/store";
import { API_KEY, expectProblem, gpuPod, type Harness, startHarness } from "./harness";

const READ_ONLY_KEY = "read-only-key";
const OTHER_ACCOUNT_KEY = "other-account-key";

const KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP a@computeplatform.test";
const KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDZHiKwypbiqN9B2YcG24m0FMbMVQWYN5vaI0QjO0sJI";
const ECDSA_KEY =
  "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBNCBEWMuevTv7T4HcvYeJbbpqnN1krHTmajK2PGZqeJBpv5wu5qc/WTmfOQpl7WOcX/B+TeVIL5Mk/m+z06O26o= ";
const SECURITY_KEY = "sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29t ci runner\tyubikey";
const PATH = "/v2/account/ssh-keys";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    apiKeys: [API_KEY, { key: READ_ONLY_KEY, readOnly: true }, { key: OTHER_ACCOUNT_KEY, account: "other" }],
  });
});

afterAll(() => harness.emulator.close());

const getKeys = (key?: string) => harness.call("GET", PATH, { key });
const putKeys = (body: unknown, key?: string) => harness.call("PUT", PATH, { body, key });

describe("GET /v2/account/ssh-keys", () => {
  test("the default account starts with one key, a new account with none", async () => {
    const [own, other] = [await getKeys(), await getKeys(OTHER_ACCOUNT_KEY)];
    expect([own.status, own.body, other.status, other.body]).toEqual([200, { keys: [DEFAULT_ACCOUNT_SSH_KEY] }, 200, { keys: [] }]);
  });

  test("a read-only key may read", async () => {
    expect((await getKeys(READ_ONLY_KEY)).body).toEqual({ keys: [DEFAULT_ACCOUNT_SSH_KEY] });
  });
});

describe("PUT /v2/account/ssh-keys", () => {
  beforeEach(async () => {
    expect((await putKeys({ keys: [DEFAULT_ACCOUNT_SSH_KEY] })).status).toBe(200);
  });

  test("replaces the whole set and answers 200 with it", async () => {
    const answer = await putKeys({ keys: [KEY_A, KEY_B] });
    expect([answer.status, answer.body]).toEqual([200, { keys: [KEY_A, KEY_B] }]);
    expect((await getKeys()).body).toEqual({ keys: [KEY_A, KEY_B] });
    expect(harness.emulator.snapshot().sshKeys.default).toEqual([KEY_A, KEY_B]);
  });

  test("an empty list removes every key", async () => {
    expect((await putKeys({ keys: [] })).body).toEqual({ keys: [] });
    expect((await getKeys()).body).toEqual({ keys: [] });
  });

  test("accepts ssh-, ecdsa- and sk- types, with or without a comment, kept verbatim", async () => {
    const keys = [KEY_B, ECDSA_KEY, SECURITY_KEY];
    expect((await putKeys({ keys })).body).toEqual({ keys });
  });

  test("changes only the caller's account", async () => {
    await putKeys({ keys: [KEY_A] }, OTHER_ACCOUNT_KEY);
    expect([(await getKeys()).body, (await getKeys(OTHER_ACCOUNT_KEY)).body]).toEqual([
      { keys: [DEFAULT_ACCOUNT_SSH_KEY] },
      { keys: [KEY_A] },
    ]);
  });

  test("malformed keys are 422, each named by its index, and nothing changes", async () => {
    const answer = await putKeys({
      keys: [
        KEY_A,
        "ssh-ed25519",
        "ssh-rsa",
        "rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ",
        "ssh-ed25519  AAAAC3NzaC1lZDI1NTE5AAAA",
        ` ${KEY_B}`,
        `${KEY_A}\n${KEY_B}`,
        "",
      ],
    });
    expectProblem(answer, 422, 'Each SSH public key must be one authorized_keys line: "<type> <base64-key> [comment]"', [
      "malformed SSH public key at /keys/1",
      "malformed SSH public key at /keys/2",
      "malformed SSH public key at /keys/3",
      "malformed SSH public key at /keys/4",
      "malformed SSH public key at /keys/5",
      "malformed SSH public key at /keys/6",
      "malformed SSH public key at /keys/7",
    ]);
    expect((await getKeys()).body).toEqual({ keys: [DEFAULT_ACCOUNT_SSH_KEY] });
  });

  test.each([
    { case: "an empty body object", body: {}, errors: ["missing required property at /keys"] },
    { case: "keys not a list", body: { keys: KEY_A }, errors: ["expected array at /keys"] },
    { case: "a key not a string", body: { keys: [KEY_A, 7] }, errors: ["expected string at /keys/1"] },
    { case: "an unknown property", body: { keys: [KEY_A], merge: true }, errors: ["unknown property at /merge"] },
    { case: "a bare list", body: [KEY_A], errors: ["expected object at /"] },
  ])("$case is 400 and nothing changes", async ({ body, errors }) => {
    expectProblem(await putKeys(body), 400, "Request body failed validation", errors);
    expect((await getKeys()).body).toEqual({ keys: [DEFAULT_ACCOUNT_SSH_KEY] });
  });

  test("a read-only key is 403 and nothing changes", async () => {
    expectProblem(await putKeys({ keys: [] }, READ_ONLY_KEY), 403, `This API key is read-only and cannot PUT ${PATH}`);
    expect((await getKeys()).body).toEqual({ keys: [DEFAULT_ACCOUNT_SSH_KEY] });
  });

  test("no key is 401", async () => {
    expectProblem(await harness.call("PUT", PATH, { body: { keys: [] }, key: null }), 401, "Missing bearer token");
  });

  test.each(["POST", "PATCH", "DELETE"])("%s is 405 with the allowed methods", async (method) => {
    const answer = await harness.call(method, PATH, { body: method === "DELETE" ? undefined : { keys: [] } });
    expectProblem(answer, 405, `${method} is not allowed on ${PATH}`);
    expect(answer.headers.allow).toBe("GET, PUT, HEAD");
  });
});

describe("keys reach pods created with startSsh afterwards", () => {
  test("a running pod keeps the keys it was created with; a new pod gets the new set", async () => {
    await putKeys({ keys: [DEFAULT_ACCOUNT_SSH_KEY] });
    const before = (await harness.call("POST", "/v2/pods", { body: gpuPod({ startSsh: true }) })).body;
    await putKeys({ keys: [KEY_A, KEY_B] });
    const after = (await harness.call("POST", "/v2/pods", { body: gpuPod({ startSsh: true }) })).body;
    const withoutSsh = (await harness.call("POST", "/v2/pods", { body: gpuPod() })).body;
    const envs = await Promise.all(
      [before.id, after.id, withoutSsh.id].map(async (id) => (await harness.call("GET", `/v2/pods/${id}`)).body.env),
    );
    expect(envs).toEqual([{ PUBLIC_KEY: DEFAULT_ACCOUNT_SSH_KEY }, { PUBLIC_KEY: `${KEY_A}\n${KEY_B}` }, {}]);
  });

  test("after removing every key, a new startSsh pod gets no PUBLIC_KEY", async () => {
    await putKeys({ keys: [] });
    const pod = (await harness.call("POST", "/v2/pods", { body: gpuPod({ startSsh: true }) })).body;
    expect(pod.env).toEqual({});
    await putKeys({ keys: [DEFAULT_ACCOUNT_SSH_KEY] });
  });
});
