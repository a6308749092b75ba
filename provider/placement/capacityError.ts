import { ApiError } from "../client/errors";

/** How the service's detail starts when a create finds no idle stock for the configuration. */
export const NO_INSTANCES = "There are no instances available with the requested specifications";

/**
 * Whether a create failed for want of capacity (the configuration could not be placed; the next candidate may be),
 * not for a bad request: a 400 whose detail starts with {@link NO_INSTANCES}, and nothing else.
 */
export function isCapacityError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.detail.startsWith(NO_INSTANCES);
}
