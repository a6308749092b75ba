import { NotFoundError } from "../client/errors";

/** Runs `action` and maps a 404 to `undefined`, for reads and deletes where "gone" is an answer. */
export async function unlessNotFound<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
