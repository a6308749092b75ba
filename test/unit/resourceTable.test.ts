import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { resourceTable, withResourceTable } from "../../scripts/readme/resourceTable";
import { repoRoot } from "../support/paths";

const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");

describe("the README's resource table", () => {
  it("is what the declarations generate: run `npm run schema` and commit the result when this fails", () => {
    expect(readme).toBe(withResourceTable(readme));
  });

  it("names each field's fate, secrecy and default as declared", () => {
    const lines = resourceTable().split("\n");
    expect(lines).toContain('| NetworkVolume | `type` | replaces |  | `"STANDARD"` |');
    expect(lines).toContain("| NetworkVolume | `size` | updates in place |  |  |");
    expect(lines).toContain("| Registry | `password` | replaces | input and output; from stack config only |  |");
    expect(lines).toContain("| Registry | `adopt` | read at create; a change of it alone changes nothing |  |  |");
  });
});
