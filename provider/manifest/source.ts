import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { Accessor } from "./expression";
import type { ManifestIssue, ManifestPosition } from "./issue";

/** A manifest file's name and text. */
export interface ManifestSource {
  /** How messages name the file, for example `manifest.yaml`. */
  file: string;
  text: string;
}

/** A parsed manifest: its plain value and a way to find where any path of it was written. */
export interface ParsedManifest {
  value: unknown;
  /**
   * The position of `path`: of its key when `at` is "key" (for a property that should not be there), else of its
   * value. A path that does not exist in the file (a missing property) resolves to the deepest part that does.
   */
  locate(path: readonly Accessor[], at?: "key" | "value"): ManifestPosition;
}

/** How many aliases a manifest may expand: enough for any real one, far too few for an alias bomb. */
const MAX_ALIAS_COUNT = 100;

/** Parses a manifest's YAML, or returns its syntax errors (duplicate keys included) with their positions. */
export function parseManifestSource(source: ManifestSource): ParsedManifest | ManifestIssue[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(source.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    return document.errors.map((error) => {
      const [start] = error.linePos ?? [lineCounter.linePos(error.pos[0])];
      return { file: source.file, line: start.line, column: start.col, path: "", message: `YAML: ${firstLine(error.message)}` };
    });
  }
  const position = (offset: number): ManifestPosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The parser accepted the text but refuses to expand it, such as aliases that multiply into an exhaustion attack.
    return [{ file: source.file, line: 1, column: 1, path: "", message: `YAML: ${firstLine((error as Error).message)}` }];
  }
  const resolve = (node: unknown): unknown => (isAlias(node) ? node.resolve(document) : node);
  return {
    value,
    locate(path, at = "value") {
      let node = resolve(document.contents);
      let offset = (node as Node | null)?.range?.[0] ?? 0;
      for (const [index, step] of path.entries()) {
        const last = index === path.length - 1;
        if (isMap(node)) {
          const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(step));
          if (pair === undefined) break;
          offset = (pair.key as Node).range?.[0] ?? offset;
          if (last && at === "key") break;
          node = resolve(pair.value);
        } else if (isSeq(node) && typeof step === "number" && node.items[step] !== undefined) {
          node = resolve(node.items[step]);
          offset = (node as Node | null)?.range?.[0] ?? offset;
        } else {
          break;
        }
        if (last) offset = (node as Node | null)?.range?.[0] ?? offset;
      }
      return position(offset);
    },
  };
}

function firstLine(message: string): string {
  return message.split("\n")[0]!.trim();
}
