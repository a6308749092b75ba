import { terminalText } from "../terminalText";

/** What HTML would read as markup, written as entities. */
const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * Text from a manifest or the catalog as literal text in a Markdown comment: HTML (`<img>`, `</details>`) as entities;
 * what starts emphasis, code, links and images, tables, headings, strikethrough and math escaped with a backslash;
 * `@` followed by a zero-width space, so that no one is mentioned; control characters and line breaks, which would
 * end a table row, replaced.
 */
export function markdownText(text: string): string {
  return terminalText(text)
    .replace(/\n/g, "\ufffd")
    .replace(/[&<>]/g, (character) => ENTITIES[character]!)
    .replace(/[\\`*_[\]()!|~#$]/g, "\\$&")
    .replace(/@/g, "@\u200b");
}

/** A fenced code block around `lines`, its fence longer than any run of backticks in them, so that none closes it. */
export function codeBlock(lines: readonly string[]): string[] {
  const longestRun = Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return [fence, ...lines.map((line) => terminalText(line)), fence];
}
