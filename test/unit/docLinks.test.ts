import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { documentationPages } from "../support/docSnippets";
import { repoRoot } from "../support/paths";

const pages = [...documentationPages(repoRoot), "CHANGELOG.md"];

/** Reads a page of the repository, or undefined when there is none. */
const readPage = (file: string): string | undefined =>
  fs.statSync(path.join(repoRoot, file), { throwIfNoEntry: false })?.isFile()
    ? fs.readFileSync(path.join(repoRoot, file), "utf8")
    : undefined;

/** The text without its fenced blocks, where neither headings nor links count. */
function withoutCodeBlocks(text: string): string {
  return text.replace(/^(`{3,})[\s\S]*?^\1\s*$/gm, "");
}

/** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as dashes, a counter on repeats. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ""] of withoutCodeBlocks(text).matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Every relative link of `page` that names no file, or no heading of a Markdown page, as `page: target (why)`. */
function brokenLinks(page: string, read: (file: string) => string | undefined): string[] {
  const prose = withoutCodeBlocks(read(page) ?? "").replace(/`[^`\n]*`/g, "");
  const broken: string[] = [];
  for (const [, target = ""] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [file = "", anchor] = target.split("#");
    const resolved = file === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
    const exists = read(resolved) !== undefined || fs.existsSync(path.join(repoRoot, resolved));
    if (!exists) broken.push(`${page}: ${target} (no ${resolved})`);
    else if (anchor !== undefined && resolved.endsWith(".md") && !anchors(read(resolved) ?? "").has(anchor)) {
      broken.push(`${page}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

describe("links between the docs pages", () => {
  it.each(pages)("%s links only to files and headings that exist", (page) => {
    expect(brokenLinks(page, readPage)).toEqual([]);
  });

  it("reports a link to a missing page and to a missing heading, and takes headings as GitHub anchors them", () => {
    const scratch: Record<string, string> = {
      "docs/a.md":
        "# A `dev` server: *now*\n## Quota\n## Quota\n[b](b.md) [c](c.md#quota-1) [d](c.md#nope) [e](#a-dev-server-now) `[f](g.md)`\n",
      "docs/c.md": "## Quota\n## Quota\n",
    };
    expect(brokenLinks("docs/a.md", (file) => scratch[file])).toEqual([
      "docs/a.md: b.md (no docs/b.md)",
      "docs/a.md: c.md#nope (no heading #nope in docs/c.md)",
    ]);
  });
});
