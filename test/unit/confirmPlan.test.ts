// Asking before `up` and `destroy`: when it asks, the question over a stream as a terminal would carry it, and what
// it shows before asking.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { askYesNo } from "../../cli/askYesNo";
import { asksFirst, confirmPlan } from "../../cli/confirmPlan";
import type { Plan } from "../../cli/plan";

describe("asksFirst", () => {
  it.each([
    { yes: false, json: false, terminal: true, asks: true },
    { yes: true, json: false, terminal: true, asks: false },
    { yes: false, json: true, terminal: true, asks: false },
    { yes: false, json: false, terminal: false, asks: false },
  ])("--yes $yes, --json $json, in a terminal $terminal: asks $asks", ({ yes, json, terminal, asks }) => {
    expect(asksFirst({ yes, json }, terminal)).toBe(asks);
  });
});

describe("askYesNo", () => {
  const answer = async (typed: string | undefined) => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk: Buffer) => (shown += chunk.toString()));
    const answered = askYesNo("Update stack dev?", input, output);
    if (typed === undefined) input.end();
    else input.write(typed);
    return { confirmed: await answered, shown };
  };

  it.each([
    ["y\n", true],
    ["YES\n", true],
    [" yes \n", true],
    ["n\n", false],
    ["\n", false],
    ["yep\n", false],
  ])("answers %j: %s", async (typed, confirmed) => {
    expect(await answer(typed)).toEqual({ confirmed, shown: "Update stack dev? [y/N] " });
  });

  it("is a no when the input ends before an answer", async () => {
    expect((await answer(undefined)).confirmed).toBe(false);
  });
});

describe("confirmPlan", () => {
  const plan: Plan = { changes: [{ op: "create", type: "Pod", name: "web", fields: [] }], unchanged: 1 };

  it("shows the plan, then asks; a no says nothing was changed", async () => {
    const lines: string[] = [];
    const asked: string[] = [];
    const confirmed = await confirmPlan(
      "Update stack dev?",
      plan,
      undefined,
      (line) => lines.push(line),
      async (question) => {
        asked.push(question);
        return false;
      },
    );
    expect({ confirmed, lines, asked }).toEqual({
      confirmed: false,
      lines: ["  +  create   Pod web", "Plan: 1 to create; 1 unchanged", "Nothing was changed."],
      asked: ["Update stack dev?"],
    });
  });

  it("goes on without asking when nothing would change", async () => {
    const lines: string[] = [];
    const confirmed = await confirmPlan(
      "Update stack dev?",
      { changes: [], unchanged: 2 },
      undefined,
      (line) => lines.push(line),
      () => {
        throw new Error("asked");
      },
    );
    expect({ confirmed, lines }).toEqual({ confirmed: true, lines: [] });
  });
});
