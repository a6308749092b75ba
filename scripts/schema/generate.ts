/**
 * Regenerates the committed JSON Schemas (`npm run schema`): writes every file of `generateSchemaFiles` to
 * `schema/` and removes any other `.json` there, so the folder holds exactly what the types describe.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { PULUMI_SCHEMA_FILE } from "../../provider/plugin/schemaFile";
import { generateSchemaFiles, SCHEMA_DIRECTORY } from "./schemaFiles";

// This runs compiled, from dist/scripts/schema/, three levels below the project root.
const projectRoot = path.resolve(__dirname, "..", "..", "..");
const directory = path.join(projectRoot, SCHEMA_DIRECTORY);
const files = generateSchemaFiles(projectRoot);
// The Pulumi package schema is generated beside these, by scripts/pulumi-schema.
const generated = new Set([...files.map((file) => file.fileName), path.basename(PULUMI_SCHEMA_FILE)]);

mkdirSync(directory, { recursive: true });
for (const stale of readdirSync(directory).filter((name) => name.endsWith(".json") && !generated.has(name))) {
  rmSync(path.join(directory, stale));
}
for (const file of files) writeFileSync(path.join(directory, file.fileName), file.text);
console.log(`Wrote ${files.map((file) => `${SCHEMA_DIRECTORY}/${file.fileName}`).join(", ")}`);
