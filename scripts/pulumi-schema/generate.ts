/** Regenerates the committed Pulumi package schema (`npm run schema`), which the native plugin serves. */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { generatePulumiSchema, PULUMI_SCHEMA_FILE } from "./pulumiSchema";

// This runs compiled, from dist/scripts/pulumi-schema/, three levels below the project root.
const projectRoot = path.resolve(__dirname, "..", "..", "..");
writeFileSync(path.join(projectRoot, PULUMI_SCHEMA_FILE), generatePulumiSchema(projectRoot));
console.log(`Wrote ${PULUMI_SCHEMA_FILE}`);
