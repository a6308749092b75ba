// docs/troubleshooting.md quotes the messages users meet: each quoted message is the code's, verbatim. A quote's `…`
// stands for a part that varies, and so does each `${…}` of the code's template literals; every other character of
// the quote must be the code's, and a good part of each stretch between two `…` must be the code's own text, not a
// value. Where the words that matter are values at the call site (a flag's bounds), the message is produced.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseEmulatorOptions } from "../../cli/emulator";
import { validateManifest } from "../../provider/manifest";
import { repoRoot } from "../support/paths";

/** Stands for a `${…}` of the code. */
const VALUE = "\u0000";
/** How much of a stretch of a quote the code must spell itself, rather than leave to a value. */
const LITERAL_SHARE = 0.3;

/** The package's sources as text, each `${…}` a {@link VALUE}, escapes undone and strings split over lines joined. */
function sources(): string[] {
  const files = ["provider", "cli", "automation", "emulator"].flatMap((folder) =>
    fs.readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: "utf8" }).flatMap((file) => (file.endsWith(".ts") ? [path.join(folder, file)] : [])),
  );
  return files.map((file) =>
    withoutValues(fs.readFileSync(path.join(repoRoot, file), "utf8"))
      .replace(/["'`]\s*\+\s*["'`]/g, "")
      .replace(/\\([`"'\\])/g, "$1"),
  );
}

/** The text with each `${…}` (braces balanced) replaced by {@link VALUE}. */
function withoutValues(text: string): string {
  let result = "";
  for (let at = 0; at < text.length; at++) {
    if (text[at] !== "$" || text[at + 1] !== "{" || text[at - 1] === "\\") {
      result += text[at];
      continue;
    }
    let depth = 0;
    for (at += 1; at < text.length; at++) {
      if (text[at] === "{") depth++;
      else if (text[at] === "}" && --depth === 0) break;
    }
    result += VALUE;
  }
  return result;
}

/**
 * Whether `stretch` is spelt somewhere in `text`, where a {@link VALUE} of the text may stand for any run of it, with
 * at least {@link LITERAL_SHARE} of its characters matched by the text's own.
 */
function spelt(stretch: string, text: string): boolean {
  const needed = Math.ceil(stretch.length * LITERAL_SHARE);
  // For each length of the stretch matched so far, the most of its characters matched literally (-1: not reached).
  let best = new Int32Array(stretch.length + 1).fill(-1);
  for (const char of text) {
    const next = new Int32Array(stretch.length + 1).fill(-1);
    next[0] = 0;
    if (char === VALUE) {
      let reached = -1;
      for (let length = 0; length <= stretch.length; length++) next[length] = reached = Math.max(reached, best[length]!, next[length]!);
    } else {
      for (let length = 0; length < stretch.length; length++) {
        if (best[length]! >= 0 && stretch[length] === char) next[length + 1] = Math.max(next[length + 1]!, best[length]! + 1);
      }
      if (stretch[0] === char) next[1] = Math.max(next[1]!, 1);
    }
    if (next[stretch.length]! >= needed) return true;
    best = next;
  }
  return false;
}

/** The messages the page quotes: the code spans of each table's first column, but Pulumi's own and exit codes. */
function quotedMessages(): string[] {
  const page = fs.readFileSync(path.join(repoRoot, "docs", "troubleshooting.md"), "utf8");
  const cells = page
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Message") && !line.startsWith("| Status"))
    .map((line) => line.slice(2, line.indexOf(" | ")));
  return cells
    .filter((cell) => !cell.includes("(from Pulumi)") && !cell.startsWith("exit "))
    .flatMap((cell) => [...cell.matchAll(/``\s?(.+?)\s?``|`([^`]+)`/g)].map(([, long, short]) => (long ?? short)!));
}

/** The quote as a pattern: its `…` stand for anything. */
function quotePattern(quote: string): RegExp {
  return new RegExp(`^${quote.split("…").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
}

/** The message an error thrown by `run` carries. */
async function messageOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("it did not fail");
}

describe("docs/troubleshooting.md", () => {
  const texts = sources();
  const messages = quotedMessages();

  it("quotes messages", () => {
    expect(messages.length).toBeGreaterThan(50);
  });

  it.each(messages)("%s is the code's", (message) => {
    const stretches = message
      .split("…")
      .map((stretch) => stretch.trim())
      .filter((stretch) => stretch.length > 0);
    // Only texts that hold one of its longer words can spell it.
    const candidates = (stretch: string) => {
      const words = stretch.match(/[A-Za-z]{5,}/g) ?? [];
      return words.length === 0 ? texts : texts.filter((text) => words.some((word) => text.includes(word)));
    };
    expect(stretches.filter((stretch) => !candidates(stretch).some((text) => spelt(stretch, text)))).toEqual([]);
  });

  it.each([
    ["--port must be an integer from", () => messageOf(() => parseEmulatorOptions(["--port", "70000"]))],
    [
      "refers to a resource that the manifest does not declare",
      async () => (await validateManifest({ file: "m.yaml", text: "resources: {}\noutputs: { x: ${missing.id} }\n" })).issues[0]!.message,
    ],
  ])("the quote with %j is the message the code produces", async (words, produce) => {
    const quote = messages.find((message) => message.includes(words))!;
    expect(await produce()).toMatch(quotePattern(quote));
  });
});
