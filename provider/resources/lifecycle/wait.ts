import type { ComputePlatformClient } from "../../client";
import type { Wait } from "./declaration";

/** How long a create, adopt or update may wait: the deadline input's seconds from now. */
export function waitOf(declaration: { deadline?: string }, client: ComputePlatformClient, inputs: object): Wait {
  const timeoutSeconds = Number(declaration.deadline === undefined ? 0 : (inputs as Record<string, unknown>)[declaration.deadline]);
  return { client, deadline: client.clock.now() + timeoutSeconds * 1000, timeoutSeconds };
}
