import { NotFoundError } from "../client/errors";
import { UserError } from "../errors";

/** What `read` answers, or an error saying `missing` where the API answers 404 or `read` finds nothing. */
export async function readOne<T>(read: Promise<T | undefined>, missing: string): Promise<T> {
  const found = await read.catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (found === undefined) throw new UserError(missing);
  return found;
}
