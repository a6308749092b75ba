/**
 * Every code block of README.md and docs/ runs as written against a local emulator, through the packed package's
 * `computeplatform` CLI and the real Pulumi CLI, unless it is marked `<!-- excerpt -->` (see runPageSnippets for
 * what each kind of block does). A broken block is reported with its file and line.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { documentationPages, runPageSnippets, type SnippetContext, snippetsOf } from "../support/docSnippets";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { repoRoot } from "../support/paths";
import { stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";

describe("the code blocks of the README and docs/", () => {
  let api: TestEmulator;
  let context: SnippetContext;

  beforeAll(async () => {
    api = await startTestEmulator();
    const bin = path.join(inject("programFolder"), "node_modules", ".bin");
    context = {
      newFolder: () => suiteWorkDir("docs"),
      environment: async (folder) => {
        const env = await stackCommandEnvironment(folder, api);
        return { ...env, PATH: `${bin}${path.delimiter}${env.PATH}` };
      },
    };
  });

  afterAll(async () => {
    await api?.emulator.close();
  });

  it.each(documentationPages(repoRoot))("%s: every block not marked as an excerpt runs", async (page) => {
    expect(await runPageSnippets(repoRoot, page, context)).toEqual([]);
  });

  it("leaves nothing behind on the emulator", () => {
    const { sshKeys: _keys, ...resources } = api.emulator.snapshot();
    expect(Object.entries(resources).filter(([, held]) => held.length > 0)).toEqual([]);
  });

  it("reports a broken block with its file and line, and runs the others", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "docs-broken-"));
    try {
      const page = "docs/manifests.md";
      fs.mkdirSync(path.join(root, "docs"));
      const text = fs.readFileSync(path.join(repoRoot, page), "utf8");
      const sh = snippetsOf(repoRoot, page).find((snippet) => snippet.language === "sh" && snippet.marker === undefined);
      expect(sh?.text).toContain("computeplatform validate manifest.yaml");
      // The page up to the end of that block, so that the blocks after it do not deploy again.
      const lines = text.split("\n").slice(0, sh!.line + sh!.text.split("\n").length);
      lines[sh!.line] = `${lines[sh!.line]} && computeplatform validate no-such.yaml`;
      fs.writeFileSync(path.join(root, page), lines.join("\n"));
      const failures = await runPageSnippets(root, page, context);
      expect(failures).toEqual([expect.stringMatching(new RegExp(`^docs/manifests\\.md:${sh!.line}: sh block failed: it exited 1\\n`))]);
      expect(failures[0]).toContain("no-such.yaml");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
