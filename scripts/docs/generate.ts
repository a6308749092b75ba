/** Regenerates the committed reference pages under docs/reference (`npm run docs`) from the Pulumi package schema. */
import * as fs from "node:fs";
import * as path from "node:path";
import { generateReferencePages, REFERENCE_FOLDER } from "./referencePages";

// This runs compiled, from dist/scripts/docs/, three levels below the project root.
const projectRoot = path.resolve(__dirname, "..", "..", "..");
fs.rmSync(path.join(projectRoot, REFERENCE_FOLDER), { recursive: true, force: true });
fs.mkdirSync(path.join(projectRoot, REFERENCE_FOLDER), { recursive: true });
for (const [file, text] of generateReferencePages(projectRoot)) fs.writeFileSync(path.join(projectRoot, file), text);
console.log(`Wrote ${REFERENCE_FOLDER}`);
