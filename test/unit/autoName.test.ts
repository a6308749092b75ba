// Auto-naming: the name a resource gets when its arguments give none.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROPOSED_NAME, proposeName, resolveName, withProposedName } from "../../provider/resources/autoName";

describe("proposeName", () => {
  it.each([
    { logical: "trainer", random: "0a1b2c3d", expected: "trainer-0a1b2c3" },
    { logical: "data-volume", random: "ffffffff", expected: "data-volume-fffffff" },
  ])("$logical with random $random is $expected", ({ logical, random, expected }) => {
    expect(proposeName(logical, () => random)).toBe(expected);
  });

  it("is the logical name, a dash and seven hex digits, from real randomness", () => {
    expect(proposeName("trainer")).toMatch(/^trainer-[0-9a-f]{7}$/);
  });
});

describe("withProposedName", () => {
  it("adds the proposal beside the arguments, which it leaves as they are", () => {
    const named = withProposedName("web", { image: "nginx", name: "given" });
    expect(named).toEqual({ image: "nginx", name: "given", [PROPOSED_NAME]: expect.stringMatching(/^web-[0-9a-f]{7}$/) });
  });

  it("declares name even when the arguments leave it out, so that the resource has its name output", () => {
    const named = withProposedName("web", { image: "nginx" });
    expect(Object.keys(named)).toEqual(["name", "image", PROPOSED_NAME]);
    expect((named as { name?: unknown }).name).toBeUndefined();
  });
});

describe("resolveName", () => {
  const proposal = { [PROPOSED_NAME]: "web-1234567" };
  it.each([
    {
      case: "a given name wins over the old one and the proposal",
      olds: { name: "old" },
      news: { name: "given", ...proposal },
      name: "given",
    },
    { case: "a new resource takes the proposal", olds: {}, news: { ...proposal }, name: "web-1234567" },
    { case: "no old inputs at all takes the proposal", olds: undefined, news: { ...proposal }, name: "web-1234567" },
    {
      case: "an existing resource keeps its name, never a new proposal",
      olds: { name: "web-7654321" },
      news: { ...proposal },
      name: "web-7654321",
    },
    { case: "a name removed from the arguments stays as it was", olds: { name: "given" }, news: { ...proposal }, name: "given" },
    { case: "without a proposal nor a name, name stays unset for validation to report", olds: {}, news: {}, name: undefined },
  ])("$case", ({ olds, news, name }) => {
    const resolved = resolveName(olds, news as { name?: string });
    expect(resolved).toEqual(name === undefined ? {} : { name });
    expect(PROPOSED_NAME in resolved).toBe(false);
  });

  it("never changes another input", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => key !== "name" && key !== PROPOSED_NAME),
          fc.jsonValue(),
        ),
        (other) => {
          const news: Record<string, unknown> = { ...other, [PROPOSED_NAME]: "b-1234567" };
          const resolved = resolveName({ name: "a" }, news) as Record<string, unknown>;
          expect(resolved).toEqual({ ...other, name: "a" });
        },
      ),
    );
  });
});
