// docs/troubleshooting.md quotes the messages users meet: each quoted message is the code's, verbatim. A quote's `…`
// stands for a part that varies, and so does each `${…}` of the code's template literals; every other character of
// the quote must be the code's, each stretch between two `…` must have some of the code's own text, and a good part of
// the quote must be the code's own text, not values. Where the words that matter are values at the call site (a
// flag's bounds), the message is produced.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseEmulatorOptions } from "../../cli/emulator";
import { formatIssue, validateManifest } from "../../provider/manifest";
import { repoRoot } from "../support/paths";

/** Stands for a `${…}` of the code. */
const VALUE = "\u0000";
/** How much of a quote the code must spell itself, rather than leave to values. */
const LITERAL_SHARE = 0.3;

/** The package's sources as text, each `${…}` a {@link VALUE}, escapes undone and strings split over lines joined. */
function sources(): string[] {
  const files = ["provider", "cli", "automation", "emulator"].flatMap((folder) =>
    fs
      .readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: "utf8" })
      .flatMap((file) => (file.endsWith(".ts") ? [path.join(folder, file)] : [])),
  );
  return files.map((file) =>
    withoutValues(fs.readFileSync(path.join(repoRoot, file), "utf8"))
      .replace(/["'`]\s*\+\s*["'`]/g, "")
      .replace(/\\([`"'\\])/g, "$1"),
  );
}

/** How long a `${…}` may be: a `${` in a comment or a plain string closes far off, or on another line. */
const LONGEST_VALUE = 200;

/** The text with each `${…}` (braces balanced) replaced by {@link VALUE}. */
function withoutValues(text: string): string {
  let result = "";
  for (let at = 0; at < text.length; at++) {
    const end = text[at] === "$" && text[at + 1] === "{" && text[at - 1] !== "\\" ? closingBrace(text, at + 1) : undefined;
    if (end === undefined) {
      result += text[at];
    } else {
      result += VALUE;
      at = end;
    }
  }
  return result;
}

function closingBrace(text: string, open: number): number | undefined {
  let depth = 0;
  for (let at = open; at < Math.min(text.length, open + LONGEST_VALUE); at++) {
    if (text[at] === "\n") return undefined;
    if (text[at] === "{") depth++;
    else if (text[at] === "}" && --depth === 0) return at;
  }
  return undefined;
}

/**
 * How many of the characters of `stretch` `text` spells itself where it spells the whole stretch, a {@link VALUE} of
 * the text standing for any run of it: the most found, or 0 when it spells none, or all of it as a value. It stops
 * at {@link LITERAL_SHARE} of the stretch.
 */
function spelt(stretch: string, text: string): number {
  if (text.includes(stretch)) return stretch.length;
  const enough = Math.ceil(stretch.length * LITERAL_SHARE);
  let most = 0;
  // For each length of the stretch matched so far, the most of its characters matched literally (-1: not reached);
  // `reached` lists the lengths that are not -1, so that a character costs as many steps as there are partial
  // matches, not the stretch's length.
  let best = new Int32Array(stretch.length + 1).fill(-1);
  let next = new Int32Array(stretch.length + 1).fill(-1);
  let reached: number[] = [];
  for (const char of text) {
    const nextReached = [0];
    next[0] = 0;
    if (char === VALUE) {
      let prefixBest = -1;
      for (let length = 0; length <= stretch.length; length++) {
        next[length] = prefixBest = Math.max(prefixBest, best[length]!, next[length]!);
        if (length > 0 && prefixBest >= 0) nextReached.push(length);
      }
    } else {
      const extend = (length: number, literal: number) => {
        if (next[length]! < 0) nextReached.push(length);
        next[length] = Math.max(next[length]!, literal);
      };
      for (const length of reached) {
        if (length < stretch.length && stretch[length] === char) extend(length + 1, best[length]! + 1);
      }
      if (stretch[0] === char) extend(1, 1);
    }
    most = Math.max(most, next[stretch.length]!);
    if (most >= enough) return most;
    for (const length of reached) best[length] = -1;
    [best, next, reached] = [next, best, nextReached];
  }
  return most;
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
  return new RegExp(
    `^${quote
      .split("…")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
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

/** The first issue `validate` finds in a manifest. */
async function manifestIssue(text: string): Promise<string> {
  return (await validateManifest({ file: "m.yaml", text })).issues[0]!.message;
}

/** The first issue `validate` finds in a manifest, as it prints it: where, the property's path, the message. */
async function formattedManifestIssue(text: string): Promise<string> {
  return formatIssue((await validateManifest({ file: "m.yaml", text })).issues[0]!);
}

const twoMemberCluster = fs
  .readFileSync(path.join(repoRoot, "test", "fixtures", "manifests", "twoMemberCluster.yaml"), "utf8")
  .replace("  training:", "  cluster:");

/**
 * Quotes whose message is produced here, by words of each: where the words that matter are values at the call site
 * (a flag's bounds), or the message is made of several of the code's pieces.
 */
const produced: Array<[words: string, produce: () => Promise<string>]> = [
  ["--port must be an integer from", () => messageOf(() => parseEmulatorOptions(["--port", "70000"]))],
  ["refers to a resource that the manifest does not declare", () => manifestIssue("resources: {}\noutputs:\n  x: ${missing.id}\n")],
  ['unknown type "NetworkVolum"', () => manifestIssue("resources:\n  vol:\n    type: NetworkVolum\n")],
  ['has no "ip"; did you mean', () => manifestIssue(`${twoMemberCluster}outputs:\n  head: \${cluster.members[0].ip}\n`)],
  ["a cluster cannot be stopped", () => formattedManifestIssue(`${twoMemberCluster}      lifetime: { stopAfter: 2h }\n`)],
];

describe("docs/troubleshooting.md", () => {
  const texts = sources();
  const messages = quotedMessages();

  it("quotes messages", () => {
    expect(messages.length).toBeGreaterThan(50);
  });

  it.each(messages.filter((message) => !produced.some(([words]) => message.includes(words))))("%s is the code's", (message) => {
    const stretches = message
      .split("…")
      .map((stretch) => stretch.trim())
      .filter((stretch) => stretch.length > 0);
    // Only texts that hold one of its longer words can spell it.
    const candidates = (stretch: string) => {
      const words = stretch.match(/[A-Za-z]{5,}/g) ?? [];
      return words.length === 0 ? texts : texts.filter((text) => words.some((word) => text.includes(word)));
    };
    const literal = stretches.map((stretch) => Math.max(0, ...candidates(stretch).map((text) => spelt(stretch, text))));
    expect(stretches.filter((_, index) => literal[index] === 0)).toEqual([]);
    const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);
    expect(total(literal)).toBeGreaterThanOrEqual(Math.ceil(total(stretches.map((stretch) => stretch.length)) * LITERAL_SHARE));
  });

  it.each(produced)("the quote with %j is the message the code produces", async (words, produce) => {
    const quote = messages.find((message) => message.includes(words))!;
    expect(await produce()).toMatch(quotePattern(quote));
  });
});
