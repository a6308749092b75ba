import type { Definition, DefinitionOrBoolean } from "typescript-json-schema";
import { definitionName } from "./definitionRef";

/**
 * typescript-json-schema writes a union of object types as an `anyOf` of their definitions. Validators then
 * report every member's complaints, and editors guess which member's properties to offer. This returns
 * `definitions` with the union `unionName`, whose members each hold a different constant in `property`, rewritten
 * as: `property` is one of those constants, and an `if`/`then` per member applies that member's definition when
 * `property` holds its constant. Errors then name the right member's fields, and editors complete them.
 */
export function discriminateUnion(
  definitions: Record<string, DefinitionOrBoolean>,
  unionName: string,
  property: string,
): Record<string, DefinitionOrBoolean> {
  const union = definitions[unionName];
  if (typeof union !== "object" || union.anyOf === undefined) throw new Error(`${unionName} is not a union definition`);
  const members = union.anyOf.map((member) => {
    const ref = typeof member === "object" ? member.$ref : undefined;
    const name = definitionName(ref);
    const definition = name === undefined ? undefined : definitions[name];
    const discriminator = typeof definition === "object" ? definition.properties?.[property] : undefined;
    if (ref === undefined || typeof discriminator !== "object" || typeof discriminator.const !== "string") {
      throw new Error(`every member of ${unionName} must be a definition whose "${property}" is a string constant`);
    }
    return { ref, value: discriminator.const, description: discriminator.description };
  });
  const discriminated: Definition = {
    ...(union.description === undefined ? {} : { description: union.description }),
    type: "object",
    properties: {
      [property]: {
        ...(members[0]?.description === undefined ? {} : { description: members[0].description }),
        type: "string",
        enum: members.map((member) => member.value),
      },
    },
    required: [property],
    allOf: members.map((member) => ({
      if: { properties: { [property]: { const: member.value } }, required: [property] },
      then: { $ref: member.ref },
    })),
  };
  return { ...definitions, [unionName]: discriminated };
}
