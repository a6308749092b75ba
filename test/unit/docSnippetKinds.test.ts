import { describe, expect, it } from "vitest";
import { actionOf, documentationPages, snippetsOf } from "../support/docSnippets";
import { repoRoot } from "../support/paths";

// The quick half of test/e2e/docSnippets.test.ts, which runs the blocks: every block is one the runner can run.
describe("the code blocks of the README and docs/", () => {
  it.each(documentationPages(repoRoot))("%s: every block is runnable or marked as an excerpt", (page) => {
    const unrunnable = snippetsOf(repoRoot, page).flatMap((snippet) => {
      const action = actionOf(snippet);
      return typeof action === "object" ? [`${snippet.file}:${snippet.line}: ${action.cannotRun}`] : [];
    });
    expect(unrunnable).toEqual([]);
  });

  it("tells each kind of block apart by its language and the marker before it", () => {
    const block = (language: string, text: string, marker?: string) => ({
      file: "x.md",
      line: 1,
      language,
      text,
      ...(marker ? { marker } : {}),
    });
    expect(
      [
        block("sh", "computeplatform validate m.yaml\n"),
        block("sh", "npm ci && npm test\n", "<!-- excerpt -->"),
        block("sh", "npm install pulumi-computeplatform\n", "<!-- install: sh -->"),
        block("yaml", "resources: {}\n", "<!-- file: m.yaml -->"),
        block("yaml", "resources:\n  v: { type: NetworkVolume }\n"),
        block("yaml", "runtime: yaml\nresources: {}\n"),
        block("json", "{}\n"),
        block("ts", "export const x = 1;\n"),
        block("ts", "console.log(1);\n", "<!-- run: node -->"),
        block("go", "package main\n"),
      ].map(actionOf),
    ).toEqual([
      "sh",
      "skip",
      "skip",
      "file",
      "manifest",
      { cannotRun: "is not a manifest: mark it <!-- excerpt --> or give it a file name with <!-- file: NAME -->" },
      "json",
      "program",
      "script",
      { cannotRun: "cannot be run: mark it <!-- excerpt -->" },
    ]);
  });
});
