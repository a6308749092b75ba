// The AccountSshKeys provider against the real emulator over HTTP, called as the engine calls them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { DEFAULT_ACCOUNT_SSH_KEY } from "../../emulator/store";
import { resolveSettings } from "../../provider/config";
import * as sshKeys from "../../provider/resources/accountSshKeys/accountSshKeys.provider";
import type { AccountSshKeysOutputs } from "../../provider/resources/accountSshKeys/accountSshKeys.provider";
import { UNKNOWN } from "../../provider/values/unknown";
import type { AccountSshKeysInputs } from "../../provider/resources/accountSshKeys/inputs";
import { emulatorForProvider, passedCheck, writes } from "./providerHarness";

const KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP a@computeplatform.test";
const KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDZHiKwypbiqN9B2YcG24m0FMbMVQWYN5vaI0QjO0sJI b@computeplatform.test";
const KEY_C = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOc2hKL/XaXgFXGKWvpZSv4YiGKE+/wquNyAslejJwJv c@computeplatform.test";
const CONSOLE_KEY =
  "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBNCBEWMuevTv7T4HcvYeJbbpqnN1krHTmajK2PGZqeJBpv5wu5qc/WTmfOQpl7WOcX/B+TeVIL5Mk/m+z06O26o= added-in-console";
const ID = "account-ssh-keys";
const PUT = "PUT /v2/account/ssh-keys";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorForProvider();
});
afterAll(async () => emulator.close());

/** The account's keys as the emulator holds them. */
const accountKeys = (): string[] => emulator.snapshot().sshKeys.default ?? [];

/** Replaces the account's keys the way the console or another tool would, then forgets the request. */
async function setKeysElsewhere(keys: string[]): Promise<void> {
  const answer = await fetch(`${emulator.url}/v2/account/ssh-keys`, {
    method: "PUT",
    headers: { authorization: `Bearer ${resolveSettings().apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ keys }),
  });
  expect(answer.status).toBe(200);
  emulator.resetRequests();
}

const checked = (keys: string[], adopt?: "account-ssh-keys") =>
  passedCheck(sshKeys.check, adopt === undefined ? { keys } : { keys, adopt });

describe("check", () => {
  beforeEach(() => emulator.resetRequests());

  it("passes valid keys through and drops the engine's __provider", async () => {
    const result = await sshKeys.check({}, { keys: [KEY_A, CONSOLE_KEY], __provider: "serialized" } as AccountSshKeysInputs);
    expect(result).toEqual({ inputs: { keys: [KEY_A, CONSOLE_KEY] } });
  });

  it("accepts an empty set: it removes every key", async () => {
    expect(await sshKeys.check({}, { keys: [] })).toEqual({ inputs: { keys: [] } });
  });

  it("names every malformed or repeated key by index, without any API call", async () => {
    const sameKeyOtherComment = `${KEY_A.split(" ").slice(0, 2).join(" ")} renamed`;
    const result = await sshKeys.check({}, { keys: [KEY_A, "ssh-ed25519", `${KEY_B}\n${KEY_C}`, sameKeyOtherComment, KEY_A] });
    const format = 'must be one authorized_keys line: "<type> <base64-key> [comment]", the type starting ssh-, ecdsa- or sk-';
    expect(result).toEqual({
      failures: [
        { property: "keys[1]", reason: format },
        { property: "keys[2]", reason: format },
        { property: "keys[3]", reason: "is the same key as keys[0]" },
        { property: "keys[4]", reason: "is the same key as keys[0]" },
      ],
    });
    expect(emulator.requests).toEqual([]);
  });

  it.each([
    ["missing keys", {}, [{ property: "keys", reason: "required" }]],
    ["an unknown property", { keys: [KEY_A], merge: true }, [{ property: "merge", reason: "unknown property" }]],
    [
      "adopt naming anything but the key set",
      { keys: [KEY_A], adopt: "x" },
      [{ property: "adopt", reason: 'must be "account-ssh-keys", the id of the account\'s key set' }],
    ],
  ])("refuses %s without any API call", async (_label, props, failures) => {
    expect(await sshKeys.check({}, props as AccountSshKeysInputs)).toEqual({ failures });
    expect(emulator.requests).toEqual([]);
  });

  it.each([
    ["the whole list", UNKNOWN],
    ["two entries", [KEY_A, UNKNOWN, UNKNOWN]],
  ])("lets %s unknown at preview pass", async (_label, keys) => {
    expect(await sshKeys.check({}, { keys } as AccountSshKeysInputs)).toEqual({ inputs: { keys } });
  });
});

describe("create", () => {
  beforeEach(() => setKeysElsewhere([DEFAULT_ACCOUNT_SSH_KEY]));

  it("takes over an identical existing set without writing, after which diff shows no change", async () => {
    const inputs = await checked([DEFAULT_ACCOUNT_SSH_KEY]);
    const created = await sshKeys.create(inputs);
    expect(created).toEqual({ id: ID, outs: { keys: [DEFAULT_ACCOUNT_SSH_KEY], declaredKeys: [DEFAULT_ACCOUNT_SSH_KEY] } });
    expect(writes(emulator)).toEqual([]);
    expect(await sshKeys.diff(ID, created.outs!, inputs)).toEqual({ changes: false, replaces: [] });
  });

  it("takes over the same keys in another order without writing", async () => {
    await setKeysElsewhere([KEY_A, KEY_B]);
    const created = await sshKeys.create(await checked([KEY_B, KEY_A]));
    expect(created.outs).toEqual({ keys: [KEY_B, KEY_A], declaredKeys: [KEY_B, KEY_A] });
    expect(writes(emulator)).toEqual([]);
    expect(accountKeys()).toEqual([KEY_A, KEY_B]);
  });

  it("refuses to remove keys registered elsewhere without adopt, naming them, and writes nothing", async () => {
    await expect(sshKeys.create(await checked([KEY_A, KEY_B]))).rejects.toThrow(
      "the account already holds 1 SSH key(s) that `keys` does not declare: ssh-ed25519 …kKQLx7thDIYc developer@emulator. " +
        'Declare them in `keys` to keep them, or set `adopt: "account-ssh-keys"` to take the set over and remove them.',
    );
    expect(writes(emulator)).toEqual([]);
    expect(accountKeys()).toEqual([DEFAULT_ACCOUNT_SSH_KEY]);
  });

  it("adds keys to the set with one PUT when it removes nothing", async () => {
    const created = await sshKeys.create(await checked([DEFAULT_ACCOUNT_SSH_KEY, KEY_A]));
    expect(created.outs).toEqual({ keys: [DEFAULT_ACCOUNT_SSH_KEY, KEY_A], declaredKeys: [DEFAULT_ACCOUNT_SSH_KEY, KEY_A] });
    expect(writes(emulator)).toEqual([PUT]);
  });

  it("with adopt, replaces a different set with one PUT, removing keys registered elsewhere", async () => {
    const created = await sshKeys.create(await checked([KEY_A, KEY_B], "account-ssh-keys"));
    expect(created).toEqual({ id: ID, outs: { keys: [KEY_A, KEY_B], declaredKeys: [KEY_A, KEY_B] } });
    expect(writes(emulator)).toEqual([PUT]);
    expect(accountKeys()).toEqual([KEY_A, KEY_B]);
  });

  it("survives a lost answer to its PUT: the write is idempotent, so it is sent again and nothing is left half-done", async () => {
    emulator.faults.loseResponses(1, { method: "PUT", path: "/v2/account/ssh-keys" });
    const created = await sshKeys.create(await checked([KEY_C], "account-ssh-keys"));
    expect(created).toEqual({ id: ID, outs: { keys: [KEY_C], declaredKeys: [KEY_C] } });
    expect(writes(emulator)).toEqual([PUT, PUT]);
    expect(emulator.requests.filter((r) => r.method === "PUT").map((r) => r.status)).toEqual([0, 200]);
    expect(accountKeys()).toEqual([KEY_C]);
  });
});

describe("with keys under management", () => {
  let outs: AccountSshKeysOutputs;

  beforeEach(async () => {
    await setKeysElsewhere([KEY_A, KEY_B]);
    outs = (await sshKeys.create(await checked([KEY_A, KEY_B]))).outs!;
    emulator.resetRequests();
  });

  it("diffs as sets: a new order is no change, any other change is an in-place update", async () => {
    expect(await sshKeys.diff(ID, outs, await checked([KEY_B, KEY_A]))).toEqual({ changes: false, replaces: [] });
    expect(await sshKeys.diff(ID, outs, await checked([KEY_A]))).toEqual({ changes: true, replaces: [] });
    expect(await sshKeys.diff(ID, outs, await checked([KEY_A, KEY_B, KEY_C]))).toEqual({ changes: true, replaces: [] });
    expect(await sshKeys.diff(ID, outs, await checked([KEY_A, KEY_C]))).toEqual({ changes: true, replaces: [] });
    expect(await sshKeys.diff(ID, outs, { keys: [KEY_A, UNKNOWN] })).toEqual({ changes: true, replaces: [] });
    expect(await sshKeys.diff(ID, outs, { keys: UNKNOWN as unknown as string[] })).toEqual({ changes: true, replaces: [] });
    expect(writes(emulator)).toEqual([]);
  });

  it("updates in place with exactly one PUT of exactly the new keys", async () => {
    const news = await checked([KEY_C, KEY_A]);
    const updated = await sshKeys.update(ID, outs, news);
    expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([`${PUT} 200`]);
    expect(accountKeys()).toEqual([KEY_C, KEY_A]);
    expect(updated).toEqual({ outs: { keys: [KEY_C, KEY_A], declaredKeys: [KEY_C, KEY_A] } });
    expect(await sshKeys.diff(ID, updated.outs!, news)).toEqual({ changes: false, replaces: [] });
  });

  it("reads an unchanged set back without inputs", async () => {
    expect(await sshKeys.read(ID, outs)).toEqual({ id: ID, props: { keys: [KEY_A, KEY_B], declaredKeys: [KEY_A, KEY_B] } });
  });

  it("reports a key added elsewhere as drift, which the next update removes", async () => {
    await setKeysElsewhere([KEY_A, CONSOLE_KEY, KEY_B]);
    const refreshed = await sshKeys.read(ID, outs);
    expect(refreshed).toEqual({
      id: ID,
      props: { keys: [KEY_A, CONSOLE_KEY, KEY_B], declaredKeys: [KEY_A, KEY_B] },
      inputs: { keys: [KEY_A, CONSOLE_KEY, KEY_B] },
    });
    const program = await checked([KEY_A, KEY_B]);
    const drifted = refreshed.props as AccountSshKeysOutputs;
    expect(await sshKeys.diff(ID, drifted, program)).toEqual({ changes: true, replaces: [] });
    await sshKeys.update(ID, drifted, program);
    expect(writes(emulator)).toEqual([PUT]);
    expect(accountKeys()).toEqual([KEY_A, KEY_B]);
  });

  it("reports the removal of every key elsewhere as drift to an empty set, which the next update restores", async () => {
    await setKeysElsewhere([]);
    const refreshed = await sshKeys.read(ID, outs);
    expect(refreshed).toEqual({ id: ID, props: { keys: [], declaredKeys: [KEY_A, KEY_B] }, inputs: { keys: [] } });
    const program = await checked([KEY_A, KEY_B]);
    const drifted = refreshed.props as AccountSshKeysOutputs;
    expect(await sshKeys.diff(ID, drifted, program)).toEqual({ changes: true, replaces: [] });
    const { outs: restored } = await sshKeys.update(ID, drifted, program);
    expect(writes(emulator)).toEqual([PUT]);
    expect([accountKeys(), restored]).toEqual([[KEY_A, KEY_B], { keys: [KEY_A, KEY_B], declaredKeys: [KEY_A, KEY_B] }]);
  });

  it("declaring the drifted set records it as declared, so delete then removes it all", async () => {
    await setKeysElsewhere([KEY_A, KEY_B, CONSOLE_KEY]);
    const drifted = (await sshKeys.read(ID, outs)).props as AccountSshKeysOutputs;
    const program = await checked([KEY_A, KEY_B, CONSOLE_KEY]);
    expect(await sshKeys.diff(ID, drifted, program)).toEqual({ changes: true, replaces: [] });
    const { outs: updated } = await sshKeys.update(ID, drifted, program);
    await sshKeys.delete(ID, updated!);
    expect(accountKeys()).toEqual([]);
  });

  it("deletes only its own keys and keeps a key added elsewhere since", async () => {
    await setKeysElsewhere([KEY_A, CONSOLE_KEY, KEY_B]);
    await sshKeys.delete(ID, outs);
    expect(writes(emulator)).toEqual([PUT]);
    expect(accountKeys()).toEqual([CONSOLE_KEY]);
  });

  it("keeps a key added elsewhere on delete even after a refresh recorded it", async () => {
    await setKeysElsewhere([KEY_A, KEY_B, CONSOLE_KEY]);
    const refreshed = (await sshKeys.read(ID, outs)).props as AccountSshKeysOutputs;
    await sshKeys.delete(ID, refreshed);
    expect(accountKeys()).toEqual([CONSOLE_KEY]);
  });

  it("writes nothing on delete when none of its keys is left", async () => {
    await setKeysElsewhere([CONSOLE_KEY]);
    await sshKeys.delete(ID, outs);
    expect(writes(emulator)).toEqual([]);
    expect(accountKeys()).toEqual([CONSOLE_KEY]);
  });
});
