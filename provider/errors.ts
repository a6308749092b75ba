/**
 * The root of every error this package throws on purpose: API answers, connection failures, time-outs, quota,
 * configuration and manifests. `error instanceof ComputePlatformError` tells them from bugs and from errors of
 * other libraries.
 */
export class ComputePlatformError extends Error {}

/**
 * A refusal meant for the user: its message alone says what was refused and what to do instead, so that it is
 * shown as it is, without the code path that led to it.
 */
export class UserError extends ComputePlatformError {
  override readonly name = "UserError";
}
