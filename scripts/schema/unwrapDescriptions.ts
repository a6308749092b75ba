import type { Definition } from "typescript-json-schema";
import { forEachSubschema } from "./subschemas";

/** A line break that is not part of a blank line between paragraphs. */
const WRAP = /(?<!\n)\n(?!\n)/g;

/**
 * TSDoc is hard-wrapped at the source's line length, and editors show each line break of a description as a new
 * paragraph (the YAML language server turns every single newline into a blank line). This returns `schema` with
 * the lines of every description joined into their paragraphs; blank lines between paragraphs stay.
 */
export function unwrapDescriptions(schema: Definition): Definition {
  const result = structuredClone(schema);
  forEachSubschema(result, (node) => {
    if (node.description !== undefined) node.description = node.description.replace(WRAP, " ");
  });
  return result;
}
