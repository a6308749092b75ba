/** The reference syntax of manifest strings: table-driven cases and a round-trip property. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatReference, Interpolation, parseExpression, type Reference } from "../../provider/manifest/expression";

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
    const step = fc.oneof(name, fc.nat(99), fc.string({ maxLength: 6 }).filter((key) => !key.includes("}")));
    const reference = fc.tuple(name.filter((root) => root !== "config"), fc.array(step, { maxLength: 4 })).map(([root, path]) => ref(root, ...path));
    fc.assert(
      fc.property(reference, (written) => {
        expect(parseExpression(formatReference(written))).toEqual(new Interpolation([written]));
      }),
    );
  });
});
