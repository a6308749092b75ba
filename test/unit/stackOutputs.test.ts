import type { Deployment } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import { stackOutputs } from "../../automation/stackOutputs";

const SIG = "4dabf18193072939515e22adb298388d";
const secret = { [SIG]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" };
const stateWith = (outputs: Record<string, unknown>): Deployment => ({
  version: 3,
  deployment: {
    resources: [
      { urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::app-dev", type: "pulumi:pulumi:Stack", outputs },
      { urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::inner", type: "pulumi:pulumi:Stack", parent: "x", outputs: { other: 1 } },
    ],
  },
});
const never = () => Promise.reject(new Error("ran pulumi stack output"));

describe("stack outputs from an exported checkpoint", () => {
  it("are the root stack's plain outputs as stored, without a pulumi run", async () => {
    expect(await stackOutputs(stateWith({ url: "http://x", n: null, list: [1, {}] }), never)).toEqual({
      url: { value: "http://x", secret: false },
      n: { value: null, secret: false },
      list: { value: [1, {}], secret: false },
    });
    expect(await stackOutputs({ version: 3, deployment: null }, never)).toEqual({});
  });

  it("are read with their secrets shown when one holds a secret, which only a whole secret marks", async () => {
    const shown = { key: "k", nested: ["a", "b"], url: "http://x" };
    const outputs = await stackOutputs(stateWith({ key: secret, nested: ["a", secret], url: "http://x" }), async () => shown);
    expect(outputs).toEqual({
      key: { value: "k", secret: true },
      nested: { value: ["a", "b"], secret: false },
      url: { value: "http://x", secret: false },
    });
  });

  it("are read by the CLI when one holds an asset, archive or resource reference", async () => {
    const reference = { [SIG]: "5cf8f73096256a8f31e491e813e4eb8e", urn: "urn:x" };
    expect(await stackOutputs(stateWith({ pod: reference }), async () => ({ pod: "urn:x" }))).toEqual({
      pod: { value: "urn:x", secret: false },
    });
  });
});
