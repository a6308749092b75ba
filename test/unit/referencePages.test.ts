import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "../../provider/plugin/resources";
import { generateReferencePages, REFERENCE_FOLDER, REGENERATE_REFERENCE_COMMAND } from "../../scripts/docs/referencePages";
import { repoRoot } from "../support/paths";

const generated = generateReferencePages(repoRoot);

describe("the generated reference pages", () => {
  it("are byte for byte what the Pulumi package schema and the classes' examples generate", () => {
    for (const [file, text] of generated) {
      const committed = fs.existsSync(path.join(repoRoot, file)) ? fs.readFileSync(path.join(repoRoot, file), "utf8") : "(missing)";
      expect(committed, `${file} is out of date: run \`${REGENERATE_REFERENCE_COMMAND}\` and commit the result`).toBe(text);
    }
  });

  it("are the only files in their folder", () => {
    const committed = fs.readdirSync(path.join(repoRoot, REFERENCE_FOLDER)).map((name) => `${REFERENCE_FOLDER}/${name}`);
    expect(committed.sort()).toEqual([...generated.keys()].sort());
  });

  it("give every resource kind a page with its arguments, outputs, adopt and import, and the functions one page", () => {
    const kinds = Object.keys(resources).sort();
    expect([...generated.keys()].sort()).toEqual(
      [
        ...kinds.map((kind) => `${REFERENCE_FOLDER}/${kind}.md`),
        `${REFERENCE_FOLDER}/README.md`,
        `${REFERENCE_FOLDER}/functions.md`,
      ].sort(),
    );
    for (const kind of kinds) {
      const page = generated.get(`${REFERENCE_FOLDER}/${kind}.md`) ?? "";
      expect(
        page
          .split("\n")
          .filter((line) => line.startsWith("## "))
          .slice(0, 3),
        kind,
      ).toEqual(["## Arguments", "## Outputs", "## Adopt and import"]);
    }
  });

  it("take each row from the schema: type, required, secret and what a change does", () => {
    const volume = generated.get(`${REFERENCE_FOLDER}/NetworkVolume.md`) ?? "";
    expect(volume).toContain(
      "| `size` | integer | yes | in place | Size in GB, 10 to 4096. Grows in place; shrinking is refused by the service. A change is applied in place. |",
    );
    expect(volume).toContain("| `dataCenter` | string | yes | replaces |");
    const registry = generated.get(`${REFERENCE_FOLDER}/Registry.md`) ?? "";
    expect(registry).toContain("| `password` (secret) | string | yes | replaces |");
    expect(registry).toContain("**Import:** not supported by the native plugin: use `adopt`.");
    const pod = generated.get(`${REFERENCE_FOLDER}/Pod.md`) ?? "";
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema/pulumi-package.json"), "utf8")) as {
      resources: Record<string, { inputProperties: Record<string, { $ref?: string }> }>;
    };
    const gpuType =
      schema.resources["computeplatform:index:Pod"]?.inputProperties.gpu?.$ref?.replace("#/types/computeplatform:index:", "") ?? "(none)";
    expect(pod).toContain(`| \`gpu\` | [${gpuType}](#${gpuType.toLowerCase()}) | no | replaces (see description) |`);
    expect(pod).toContain(`### ${gpuType}`);
    expect(pod).toContain('<!-- excerpt -->\n```ts\nconst pod = new cp.Pod("trainer", {');
  });
});
