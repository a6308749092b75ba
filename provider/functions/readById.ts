import { z } from "zod";
import { parseArgs } from "./parseArgs";
import { readOne } from "./readOne";

/** The arguments of every lookup of one thing by id. */
export interface ByIdArgs {
  id: string;
}

const byIdArgsSchema = z.strictObject({ id: z.string().min(1) });

/**
 * Reads one `kind` by the id in `args`: the id is checked before any call, and "no such id" (a 404, or `read`
 * returning undefined) becomes an error naming the function, the kind and the id.
 */
export async function readById<T>(fn: string, kind: string, args: ByIdArgs, read: (id: string) => Promise<T | undefined>): Promise<T> {
  const { id } = parseArgs(fn, byIdArgsSchema, args);
  return readOne(read(id), `${fn}: there is no ${kind} with id "${id}"`);
}
