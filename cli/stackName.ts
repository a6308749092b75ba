import { UserError } from "../provider/errors";

/** The stack the commands use when `--stack` is not given. */
export const DEFAULT_STACK = "dev";

/**
 * The `--stack` value, refused unless it is a name Pulumi accepts.
 * @param stack the value given, or undefined for {@link DEFAULT_STACK}.
 */
export function parseStackName(stack: string = DEFAULT_STACK): string {
  if (!/^[A-Za-z0-9_./-]+$/.test(stack)) throw new UserError(`--stack must be letters, digits, "-", "_", "." or "/"; got "${stack}"`);
  return stack;
}
