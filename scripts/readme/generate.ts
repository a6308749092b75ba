/** Regenerates the resource table in README.md (`npm run schema`), between its markers. */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { withResourceTable } from "./resourceTable";

// This runs compiled, from dist/scripts/readme/, three levels below the project root.
const readme = path.resolve(__dirname, "..", "..", "..", "README.md");
writeFileSync(readme, withResourceTable(readFileSync(readme, "utf8")));
console.log("Wrote the resource table in README.md");
