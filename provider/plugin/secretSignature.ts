/**
 * The engine's form of a secret: an object holding this signature key with this value, beside the secret's plain
 * `value` (on the wire to a provider), or its `ciphertext` or `plaintext` JSON (in a checkpoint).
 */
export const SIGNATURE_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIGNATURE = "1b47061264138c4ac30d75fd1eb44270";

/** Whether `value` is in the engine's form of a secret. */
export function isSecretForm(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIGNATURE_KEY] === SECRET_SIGNATURE;
}
