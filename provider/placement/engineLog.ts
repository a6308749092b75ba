/**
 * Says something in the engine's log from a provider process. A dynamic provider has no connection to the engine's
 * log service, but the engine reports every line its provider plugins write to stderr with the update's output.
 */
export function engineLog(message: string): void {
  process.stderr.write(`${message}\n`);
}
