import { describe, expect, it } from "vitest";
import { atLeast, vcpuCountFor } from "../../cli/migrate/bounds";
import { joinCommandLine } from "../../cli/migrate/commandLine";
import { setsNothing, V1Fields, type V1Object } from "../../cli/migrate/fields";

function reader(object: V1Object) {
  const warnings: string[] = [];
  return { fields: new V1Fields(object, (message) => warnings.push(message)), warnings };
}

describe("V1Fields", () => {
  it.each([
    ["string", { f: "x" }, (fields: V1Fields) => fields.string("f"), "x", []],
    ["empty string as absent", { f: "" }, (fields: V1Fields) => fields.string("f"), undefined, []],
    ["null as absent", { f: null }, (fields: V1Fields) => fields.string("f"), undefined, []],
    ["number for a string", { f: 3 }, (fields: V1Fields) => fields.string("f"), undefined, ['"f" is not a string; dropped']],
    ["whole number", { f: 3 }, (fields: V1Fields) => fields.integer("f"), 3, []],
    [
      "fraction for a whole number",
      { f: 2.5 },
      (fields: V1Fields) => fields.integer("f"),
      undefined,
      ['"f" is not a whole number; dropped'],
    ],
    ["number", { f: 2.5 }, (fields: V1Fields) => fields.number("f"), 2.5, []],
    ["string for a number", { f: "2" }, (fields: V1Fields) => fields.number("f"), undefined, ['"f" is not a number; dropped']],
    ["boolean", { f: false }, (fields: V1Fields) => fields.boolean("f"), false, []],
    ["string for a boolean", { f: "yes" }, (fields: V1Fields) => fields.boolean("f"), undefined, ['"f" is not true or false; dropped']],
    ["enum value", { f: "B" }, (fields: V1Fields) => fields.oneOf("f", ["A", "B"]), "B", []],
    [
      "value outside the enum",
      { f: "C" },
      (fields: V1Fields) => fields.oneOf("f", ["A", "B"]),
      undefined,
      ['"f" is "C", not one of A, B; dropped'],
    ],
    ["list", { f: [" a", "b "] }, (fields: V1Fields) => fields.stringList("f"), ["a", "b"], []],
    ["comma-separated list", { f: "a, b,,c" }, (fields: V1Fields) => fields.stringList("f"), ["a", "b", "c"], []],
    ["list of numbers", { f: [1, 2] }, (fields: V1Fields) => fields.stringList("f"), undefined, ['"f" is not a list of strings; dropped']],
    [
      "list with an entry v2 refuses",
      { f: ["ok", "bad"] },
      (fields: V1Fields) => fields.stringList("f", { isValid: (entry) => entry === "ok", expected: "ok" }),
      ["ok"],
      ['"f" entry "bad" is not ok; dropped'],
    ],
    ["object", { f: { a: 1 } }, (fields: V1Fields) => fields.object("f"), { a: 1 }, []],
    ["list for an object", { f: [] }, (fields: V1Fields) => fields.object("f"), undefined, ['"f" is not an object; dropped']],
  ])("reads a %s", (_label, object, read, expected, warnings) => {
    const { fields, warnings: reported } = reader(object);
    expect(read(fields)).toEqual(expected);
    expect(reported).toEqual(warnings);
  });

  it("leaves untaken only the fields not read, ignored or dropped as inapplicable", () => {
    const { fields, warnings } = reader({ a: 1, b: 2, c: 3, d: 4, e: 0, f: 5 });
    fields.integer("a");
    fields.ignore("b");
    fields.dropInapplicable(["c", "e", "a", "missing"], "applies only elsewhere");
    expect(fields.untaken()).toEqual([
      ["d", 4],
      ["f", 5],
    ]);
    expect(warnings).toEqual(['"c" applies only elsewhere; dropped']);
  });

  it.each([
    [undefined, true],
    [null, true],
    [false, true],
    [0, true],
    ["", true],
    [[], true],
    [{}, true],
    [true, false],
    [1, false],
    ["x", false],
    [[0], false],
    [{ a: null }, false],
  ])("setsNothing(%j) is %s", (value, expected) => {
    expect(setsNothing(value)).toBe(expected);
  });
});

describe("joinCommandLine", () => {
  it.each([
    [["python", "train.py", "--epochs", "10"], "python train.py --epochs 10"],
    [["python", "serve.py", "--name", "my model"], "python serve.py --name 'my model'"],
    [["echo", "it's"], `echo 'it'\\''s'`],
    [["sh", "-c", "echo $HOME"], "sh -c 'echo $HOME'"],
    [["--url=https://host:8080/a,b", "a@b", "x+y%"], "--url=https://host:8080/a,b a@b x+y%"],
    [[""], "''"],
  ])("%j → %s", (words, expected) => {
    expect(joinCommandLine(words)).toBe(expected);
  });
});

describe("bounds", () => {
  it.each([
    [undefined, undefined, []],
    [10, 10, []],
    [11, 11, []],
    [5, 10, ['"volumeInGb" 5 is below the v2 minimum of 10; mounts.persistent.size is 10']],
  ])("atLeast(%j, 10) → %j", (value, expected, warnings) => {
    const reported: string[] = [];
    expect(atLeast(value, 10, { field: "volumeInGb", target: "mounts.persistent.size" }, (message) => reported.push(message))).toBe(
      expected,
    );
    expect(reported).toEqual(warnings);
  });

  it.each([
    [2, 2, []],
    [8, 8, []],
    [1, 2, ['"vcpuCount" 1 is not a power of two of at least 2, as v2 requires; cpu.vcpuCount is 2']],
    [0, 2, ['"vcpuCount" 0 is not a power of two of at least 2, as v2 requires; cpu.vcpuCount is 2']],
    [6, 8, ['"vcpuCount" 6 is not a power of two of at least 2, as v2 requires; cpu.vcpuCount is 8']],
    [24, 32, ['"vcpuCount" 24 is not a power of two of at least 2, as v2 requires; cpu.vcpuCount is 32']],
  ])("vcpuCountFor(%j) → %j", (value, expected, warnings) => {
    const reported: string[] = [];
    expect(vcpuCountFor(value, { field: "vcpuCount", target: "cpu.vcpuCount" }, (message) => reported.push(message))).toBe(expected);
    expect(reported).toEqual(warnings);
  });
});
