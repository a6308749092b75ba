import type { Definition, DefinitionOrBoolean } from "typescript-json-schema";
import { describe, expect, it } from "vitest";
import { allowReferences, REFERENCE_PATTERN } from "../../scripts/schema/allowReferences";

const reference: Definition = { type: "string", pattern: REFERENCE_PATTERN };

describe("REFERENCE_PATTERN", () => {
  const pattern = new RegExp(REFERENCE_PATTERN, "u");

  it.each(["${volume.id}", "${pod.ssh.proxy.command}", "${config.registryPassword}", "org/app:${config.tag}", "${a}-${b}"])(
    "matches %s",
    (text) => expect(pattern.test(text)).toBe(true),
  );

  it.each(["volume.id", "${}", "${config.tag", "$config.tag}", ""])("does not match %j", (text) => expect(pattern.test(text)).toBe(false));
});

describe("allowReferences", () => {
  // Each value schema as the generator writes it, and what it becomes as a property of a resource's arguments.
  const cases: Array<{ name: string; value: DefinitionOrBoolean; expected: DefinitionOrBoolean }> = [
    { name: "a number", value: { type: "number" }, expected: { anyOf: [{ type: "number" }, reference] } },
    {
      name: "a bounded integer, its annotations kept outside the alternatives",
      value: { description: "Size in GB.", default: 20, type: "integer", minimum: 10, maximum: 4096 },
      expected: { description: "Size in GB.", default: 20, anyOf: [{ type: "integer", minimum: 10, maximum: 4096 }, reference] },
    },
    {
      name: "a boolean",
      value: { type: "boolean", default: false },
      expected: { default: false, anyOf: [{ type: "boolean" }, reference] },
    },
    { name: "null", value: { type: "null" }, expected: { anyOf: [{ type: "null" }, reference] } },
    {
      name: "a plain string, which takes references already",
      value: { description: "Name.", type: "string" },
      expected: { description: "Name.", type: "string" },
    },
    {
      name: "a nullable string, which takes references already",
      value: { type: ["null", "string"], default: null },
      expected: { type: ["null", "string"], default: null },
    },
    {
      name: "a string enum",
      value: { enum: ["COMMUNITY", "SECURE"], type: "string" },
      expected: { anyOf: [{ enum: ["COMMUNITY", "SECURE"], type: "string" }, reference] },
    },
    {
      name: "a string constant",
      value: { const: "account-ssh-keys", type: "string" },
      expected: { anyOf: [{ const: "account-ssh-keys", type: "string" }, reference] },
    },
    {
      name: "a string with a pattern",
      value: { type: "string", pattern: "^/" },
      expected: { anyOf: [{ type: "string", pattern: "^/" }, reference] },
    },
    {
      name: "a $ref, whose description editors read beside it",
      value: { description: "GPU allocation.", $ref: "#/definitions/Gpu" },
      expected: { description: "GPU allocation.", anyOf: [{ $ref: "#/definitions/Gpu" }, reference] },
    },
    {
      name: "a union, which gains the reference as one more member",
      value: { anyOf: [{ $ref: "#/definitions/QueueDelay" }, { $ref: "#/definitions/RequestCount" }] },
      expected: { anyOf: [{ $ref: "#/definitions/QueueDelay" }, { $ref: "#/definitions/RequestCount" }, reference] },
    },
    {
      name: "a union with a plain string member, which takes references already",
      value: { anyOf: [{ type: "string" }, { type: "number" }] },
      expected: { anyOf: [{ type: "string" }, { type: "number" }] },
    },
    {
      name: "an array, and each of its items",
      value: { type: "array", minItems: 1, items: { type: "integer" } },
      expected: { anyOf: [{ type: "array", minItems: 1, items: { anyOf: [{ type: "integer" }, reference] } }, reference] },
    },
    {
      name: "an array of plain strings, whose items take references already",
      value: { type: "array", items: { type: "string" } },
      expected: { anyOf: [{ type: "array", items: { type: "string" } }, reference] },
    },
    {
      name: "a tuple, and each of its items",
      value: { type: "array", items: [{ type: "number" }, { type: "string" }] },
      expected: { anyOf: [{ type: "array", items: [{ anyOf: [{ type: "number" }, reference] }, { type: "string" }] }, reference] },
    },
    {
      name: "an object, and each of its properties",
      value: {
        type: "object",
        properties: { size: { type: "integer" }, path: { type: "string" } },
        additionalProperties: false,
        required: ["size"],
      },
      expected: {
        anyOf: [
          {
            type: "object",
            properties: { size: { anyOf: [{ type: "integer" }, reference] }, path: { type: "string" } },
            additionalProperties: false,
            required: ["size"],
          },
          reference,
        ],
      },
    },
    {
      name: "a map, and each of its values",
      value: { type: "object", additionalProperties: { type: "boolean" } },
      expected: { anyOf: [{ type: "object", additionalProperties: { anyOf: [{ type: "boolean" }, reference] } }, reference] },
    },
    { name: "an unconstrained value, which takes anything", value: { description: "Any JSON." }, expected: { description: "Any JSON." } },
    { name: "the schema true", value: true, expected: true },
  ];

  it.each(cases)("lets $name be a reference", ({ value, expected }) => {
    expect(allowReferences({ type: "object", properties: { value } })).toEqual({ type: "object", properties: { value: expected } });
  });

  it("leaves the container itself as it is: only the values inside it may be references", () => {
    const container: Definition = { description: "Arguments.", type: "object", additionalProperties: false, required: ["name"] };
    expect(allowReferences(container)).toEqual(container);
  });

  it("reaches the values of every member of a union, without making the union itself a reference", () => {
    const union: Definition = {
      oneOf: [
        { type: "object", properties: { count: { type: "integer" } } },
        { type: "object", properties: { ratio: { type: "number" } } },
      ],
      allOf: [{ type: "object", properties: { on: { type: "boolean" } } }],
    };
    expect(allowReferences(union)).toEqual({
      oneOf: [
        { type: "object", properties: { count: { anyOf: [{ type: "integer" }, reference] } } },
        { type: "object", properties: { ratio: { anyOf: [{ type: "number" }, reference] } } },
      ],
      allOf: [{ type: "object", properties: { on: { anyOf: [{ type: "boolean" }, reference] } } }],
    });
  });

  it("changes nothing more when applied twice", () => {
    const schema: Definition = {
      type: "object",
      properties: {
        size: { type: "integer", minimum: 1 },
        cloud: { enum: ["SECURE"], type: "string" },
        scaling: { anyOf: [{ $ref: "#/definitions/A" }, { $ref: "#/definitions/B" }] },
        ports: { type: "array", items: { type: "string", pattern: "^[0-9]+/tcp$" } },
      },
    };
    const once = allowReferences(schema);
    expect(allowReferences(once)).toEqual(once);
  });

  it("does not change the schema it is given", () => {
    const schema: Definition = { type: "object", properties: { size: { type: "integer" } } };
    allowReferences(schema);
    expect(schema).toEqual({ type: "object", properties: { size: { type: "integer" } } });
  });
});
