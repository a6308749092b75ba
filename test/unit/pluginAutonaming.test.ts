// The name the native plugin proposes for an unnamed resource, from what the engine sends with `check`.
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { describe, expect, it } from "vitest";
import { withEngineProposal } from "../../provider/plugin/autonaming";
import { PROPOSED_NAME } from "../../provider/resources/autoName";

const { Mode } = proto.CheckRequest.AutonamingOptions;

function request(fields: { name?: string; seed?: number[]; autonaming?: { proposedName: string; mode: number } }): proto.CheckRequest {
  const checked = new proto.CheckRequest().setUrn("urn:pulumi:dev::lab::computeplatform:index:Pod::web");
  if (fields.name !== undefined) checked.setName(fields.name);
  if (fields.seed !== undefined) checked.setRandomseed(Uint8Array.from(fields.seed));
  if (fields.autonaming !== undefined) {
    checked.setAutonaming(
      new proto.CheckRequest.AutonamingOptions().setProposedName(fields.autonaming.proposedName).setMode(fields.autonaming.mode),
    );
  }
  return checked;
}

describe("withEngineProposal", () => {
  it.each([
    {
      case: "the logical name from the URN and the engine's random seed",
      fields: { seed: [0xab, 0xcd, 0xef, 0x01, 0x23] },
      proposal: "web-abcdef0",
    },
    { case: "the name the engine sends beside the URN", fields: { name: "api", seed: [0x12, 0x34, 0x56, 0x78] }, proposal: "api-1234567" },
    {
      case: "the stack's autonaming proposal, when it configures one",
      fields: { seed: [1, 2, 3, 4], autonaming: { proposedName: "lab-web", mode: Mode.PROPOSE } },
      proposal: "lab-web",
    },
    {
      case: "an enforced autonaming proposal",
      fields: { autonaming: { proposedName: "lab-web-x", mode: Mode.ENFORCE } },
      proposal: "lab-web-x",
    },
  ])("proposes $case", ({ fields, proposal }) => {
    expect(withEngineProposal(request(fields), { image: "nginx" })).toEqual({ image: "nginx", [PROPOSED_NAME]: proposal });
  });

  it("proposes nothing when the stack disables autonaming", () => {
    expect(withEngineProposal(request({ autonaming: { proposedName: "", mode: Mode.DISABLE } }), { image: "nginx" })).toEqual({
      image: "nginx",
    });
  });

  it("falls back to fresh randomness when the engine sends no seed", () => {
    expect(withEngineProposal(request({}), {})).toEqual({ [PROPOSED_NAME]: expect.stringMatching(/^web-[0-9a-f]{7}$/) });
  });
});
