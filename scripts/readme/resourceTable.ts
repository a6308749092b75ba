import { kinds } from "../../provider/kindRegistry";
import type { Field } from "../../provider/resources/lifecycle/declaration";
import { withNestedDefaults } from "../../provider/resources/lifecycle/nestedDefaults";

/** The markers between which README.md holds the generated resource table. */
export const TABLE_START = "<!-- generated:resource-table:start -->";
export const TABLE_END = "<!-- generated:resource-table:end -->";

const fateText: Record<Field<unknown, unknown>["fate"]["kind"], string> = {
  inPlace: "updates in place",
  replaces: "replaces",
  replacesWhen: "replaces in the cases its doc names",
  inPlaceUnless: "updates in place, but replaces in the cases its doc names",
  createOnly: "read at create; a change of it alone changes nothing",
};

const secretText = { inputAndOutput: "input and output", configOnly: "input and output; from stack config only" };

/**
 * The resource table: every field of every declared kind, what a change to it does, whether it is secret, and its
 * default; then each output the service alone sets. Read from the declarations, so it cannot disagree with them.
 */
export function resourceTable(): string {
  const rows = Object.entries(kinds).flatMap(([type, kind]) => {
    const declaration = kind.declaration;
    if (declaration === undefined) return [];
    const fields = Object.entries(declaration.fields as Record<string, Field<unknown, unknown>>).map(
      ([name, field]) =>
        `| ${type} | \`${name}\` | ${fateText[field.fate.kind]} | ${field.secret ? secretText[field.secret] : ""} | ${field.default === undefined ? "" : `\`${JSON.stringify(withNestedDefaults(field.default, field.within))}\``} |`,
    );
    const outputOnly = declaration.outputs
      .filter((name: string) => !(name in declaration.fields))
      .map((name: string) => `| ${type} | \`${name}\` | output only | | |`);
    return [...fields, ...outputOnly];
  });
  return ["| Kind | Field | A change | Secret | Default |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

/** README.md with the text between the markers replaced by the current table. */
export function withResourceTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} block`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${resourceTable()}\n${readme.slice(end)}`;
}
