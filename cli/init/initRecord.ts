import * as fs from "node:fs/promises";
import * as path from "node:path";
import { z } from "zod";
import { replaceFile } from "../privateFile";
import { refuseLinks } from "./regularFiles";
import { UserError } from "../../provider/errors";

/** Where `init` records the agent files it wrote, relative to the project folder. Committed with the project. */
export const INIT_RECORD = ".computeplatform/init.json";

const NOTE = "Written by computeplatform init: the agent files it wrote, which it does not write again once they are deleted.";

const initRecordSchema = z.strictObject({
  $comment: z.string().optional(),
  agentFiles: z.array(z.string()),
});

/**
 * The agent files `init` has written in `folder`, by path relative to it, as its record says; none when there is no
 * record yet. Fails naming the record when it cannot be read.
 */
export async function readInitRecord(folder: string): Promise<Set<string>> {
  const file = path.join(folder, INIT_RECORD);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    throw error;
  }
  const invalid = (why: string) =>
    new UserError(`${file} is not a valid init record (${why}); fix it, or delete it to let init write every agent file again`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  const parsed = initRecordSchema.safeParse(json);
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => [...issue.path, issue.message].join(": ")).join("; "));
  return new Set(parsed.data.agentFiles);
}

/**
 * Records `agentFiles` as the agent files `init` has written in `folder`, creating the record's folder if needed.
 * Fails naming a link in the way instead of following it.
 */
export async function writeInitRecord(folder: string, agentFiles: ReadonlySet<string>): Promise<void> {
  const file = path.join(folder, INIT_RECORD);
  await refuseLinks(folder, [INIT_RECORD]);
  await fs.mkdir(path.dirname(file), { recursive: true });
  replaceFile(file, `${JSON.stringify({ $comment: NOTE, agentFiles: [...agentFiles] }, null, 2)}\n`);
}
