/** The reference syntax of manifest strings: table-driven cases and a round-trip property. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatReference, Interpolation, parseExpression, type Reference, referencedValue } from "../../provider/manifest/expression";
import { UserError } from "../../provider/errors";

const ref = (root: string, ...path: Array<string | number>): Reference => ({ root, path });

describe("parseExpression", () => {
  it.each([
    ["plain text", "plain text"],
    ["a lone $ and } stay", "a lone $ and } stay"],
    ["$${escaped}", "${escaped}"],
  ])("%j is literal", (text, literal) => {
    expect(parseExpression(text)).toBe(literal);
  });

  it.each<[string, Array<string | Reference>]>([
    ["${vol.id}", [ref("vol", "id")]],
    ["${pod.ssh.proxy.command}", [ref("pod", "ssh", "proxy", "command")]],
    ["${pod.members[0].ip}", [ref("pod", "members", 0, "ip")]],
    ['${pod.env["HF-HOME"]}', [ref("pod", "env", "HF-HOME")]],
    ["${trainer-template.id}", [ref("trainer-template", "id")]],
    ["${config.registryPassword}", [ref("config", "registryPassword")]],
    ["${config.aws:region}", [ref("config", "aws:region")]],
    ["org/app:${config.tag}-gpu", ["org/app:", ref("config", "tag"), "-gpu"]],
    ["$${x} ${a.b}", ["${x} ", ref("a", "b")]],
  ])("%j parses", (text, parts) => {
    expect(parseExpression(text)).toEqual(new Interpolation(parts));
  });

  it.each([
    ["${", 'unterminated reference "${": a reference ends with "}"'],
    ["${}", 'invalid reference "${}": it must start with a resource name or `config`'],
    ["${1abc}", 'invalid reference "${1abc}": it must start with a resource name or `config`'],
    ["${a..b}", 'invalid reference "${a..b}": unexpected "..b"; use .name, [index] or ["key"]'],
    ["${a[x]}", 'invalid reference "${a[x]}": unexpected "[x]"; use .name, [index] or ["key"]'],
    ["${config}", 'invalid reference "${config}": write a stack config key as `config.<key>`'],
    ["${config.a b}", 'invalid reference "${config.a b}": write a stack config key as `config.<key>`'],
  ])("%j is refused: %s", (text, message) => {
    expect(() => parseExpression(text)).toThrow(message);
  });

  it("knows a whole-string reference, which keeps its value's type", () => {
    expect((parseExpression("${vol.size}") as Interpolation).whole).toEqual(ref("vol", "size"));
    expect((parseExpression("x${vol.size}") as Interpolation).whole).toBeUndefined();
  });

  it("reads back every reference it writes", () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
    const step = fc.oneof(
      name,
      fc.nat(99),
      fc.string({ maxLength: 6 }).filter((key) => !key.includes("}")),
    );
    const reference = fc
      .tuple(
        name.filter((root) => root !== "config"),
        fc.array(step, { maxLength: 4 }),
      )
      .map(([root, path]) => ref(root, ...path));
    fc.assert(
      fc.property(reference, (written) => {
        expect(parseExpression(formatReference(written))).toEqual(new Interpolation([written]));
      }),
    );
  });
});

describe("referencedValue", () => {
  const members = [{ cluster: { ip: "10.0.0.1" } }, { cluster: { ip: "10.0.0.2" } }];
  const rows: Array<{ what: string; reference: string; output: unknown; value?: unknown; error?: string }> = [
    { what: "an element that is there", reference: "${training.members[1].cluster.ip}", output: members, value: "10.0.0.2" },
    { what: "the output itself", reference: "${training.members}", output: members, value: members },
    { what: "a value that is there but null", reference: '${pod.env["A"]}', output: { A: null }, value: null },
    {
      what: "an element past the end",
      reference: "${training.members[5].cluster.ip}",
      output: members,
      error: "${training.members[5].cluster.ip} reaches nothing at deployment: training.members has 2 elements, no [5]",
    },
    {
      what: "a key a map does not hold",
      reference: '${pod.env["HF_TOKEN"]}',
      output: { A: "1", B: "2" },
      error: '${pod.env.HF_TOKEN} reaches nothing at deployment: pod.env has no "HF_TOKEN"; it has A, B',
    },
    {
      what: "a step into something not set",
      reference: "${pod.ssh.proxy.command}",
      output: { proxy: null },
      error: "${pod.ssh.proxy.command} reaches nothing at deployment: pod.ssh.proxy is not set",
    },
    {
      what: "a step into a single value",
      reference: "${vol.size.gb}",
      output: 50,
      error: '${vol.size.gb} reaches nothing at deployment: vol.size is 50, with no "gb"',
    },
  ];
  for (const row of rows) {
    it(row.what, () => {
      const reference = (parseExpression(row.reference) as Interpolation).whole!;
      if (row.error === undefined) expect(referencedValue(reference, row.output)).toEqual(row.value);
      else expect(() => referencedValue(reference, row.output)).toThrow(new UserError(row.error));
    });
  }
});
