import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keysWithout, liveKeysInDeclaredOrder, sameKeySet } from "../../provider/resources/accountSshKeys/sshKeySet";
import { SSH_PUBLIC_KEY_PATTERN } from "../../provider/resources/accountSshKeys/inputs";

const keyLists = fc.array(fc.constantFrom("k1", "k2", "k3", "k4", "k5"), { maxLength: 8 });

describe("sameKeySet", () => {
  it.each([
    [[], [], true],
    [["a", "b"], ["b", "a"], true],
    [["a", "a", "b"], ["b", "a"], true],
    [["a"], ["a", "b"], false],
    [["a", "b"], ["a", "c"], false],
    [["a"], [], false],
  ])("%j and %j: %s", (a, b, expected) => {
    expect([sameKeySet(a, b), sameKeySet(b, a)]).toEqual([expected, expected]);
  });

  it("ignores order", () => {
    fc.assert(
      fc.property(keyLists, fc.infiniteStream(fc.nat()), (keys, seeds) => {
        const shuffled = [...keys].sort(() => (seeds.next().value % 3) - 1);
        expect(sameKeySet(keys, shuffled)).toBe(true);
      }),
    );
  });

  it("is true exactly when each list holds every key of the other", () => {
    fc.assert(
      fc.property(keyLists, keyLists, (a, b) => {
        expect(sameKeySet(a, b)).toBe(a.every((key) => b.includes(key)) && b.every((key) => a.includes(key)));
      }),
    );
  });
});

describe("keysWithout", () => {
  it("drops every occurrence of the removed keys and keeps the rest in order", () => {
    expect(keysWithout(["a", "x", "b", "a", "c"], ["a", "c", "z"])).toEqual(["x", "b"]);
  });

  it("keeps exactly the keys not removed", () => {
    fc.assert(
      fc.property(keyLists, keyLists, (keys, removed) => {
        expect(keysWithout(keys, removed)).toEqual(keys.filter((key) => !removed.includes(key)));
      }),
    );
  });
});

describe("liveKeysInDeclaredOrder", () => {
  it.each([
    [
      ["b", "a"],
      ["a", "b"],
      ["a", "b"],
    ],
    [
      ["a", "b", "c"],
      ["a", "b"],
      ["a", "b", "c"],
    ],
    [[], ["a"], []],
  ])("live %j, declared %j: %j", (live, declared, expected) => {
    expect(liveKeysInDeclaredOrder(live, declared)).toEqual(expected);
  });
});

describe("SSH_PUBLIC_KEY_PATTERN", () => {
  it.each([
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjEz/J+pSQ2TMT2LGdq1VU98Z5/mT4PMFB7nNDIeQZP ops@build host",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ\tcomment after a tab",
    "ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQ= ",
    "sk-ecdsa-sha2-nistp256@openssh.com AAAAInNrLWVjZHNh yubikey",
  ])("accepts %j", (key) => {
    expect(SSH_PUBLIC_KEY_PATTERN.test(key)).toBe(true);
  });

  it.each([
    "",
    "ssh-ed25519",
    "ssh-ed25519 ",
    "ssh- AAAA",
    "rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ",
    "ssh-ed25519  AAAAC3NzaC1lZDI1NTE5",
    "ssh-ed25519\tAAAAC3NzaC1lZDI1NTE5",
    " ssh-ed25519 AAAAC3NzaC1lZDI1NTE5",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 one\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5 two",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 trailing line break\n",
  ])("refuses %j", (key) => {
    expect(SSH_PUBLIC_KEY_PATTERN.test(key)).toBe(false);
  });
});
