/** Where the native plugin sends the lines instead: the engine shows only a dynamic provider's stderr. */
let engineSink: ((message: string) => void) | undefined;

/**
 * Says something in the engine's log from a provider process. A dynamic provider has no connection to the engine's
 * log service, but the engine reports every line its provider plugins write to stderr with the update's output;
 * the native plugin's stderr it keeps for its debug log, so the plugin sends the lines to the log service.
 */
export function engineLog(message: string): void {
  if (engineSink) engineSink(message);
  else process.stderr.write(`${message}\n`);
}

/** Sends {@link engineLog}'s lines to `sink` (the engine's log service) instead of stderr. */
export function logToEngine(sink: (message: string) => void): void {
  engineSink = sink;
}
