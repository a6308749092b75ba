import { UserError } from "../../provider/errors";

/** The exit code of a command ended by Ctrl-C, as shells report a SIGINT. */
const INTERRUPTED_EXIT_CODE = 130;

/**
 * Runs a reading command's work until it ends or Ctrl-C aborts its signal, which ends the command with 130 and no
 * message; a {@link UserError} (a stack, manifest or resource that is not there) is printed as the command's and
 * exits 2. Other errors go on to the CLI's own handler (exit 1).
 */
export async function untilInterrupted(command: string, work: (signal: AbortSignal) => Promise<number>): Promise<number> {
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once("SIGINT", interrupt);
  try {
    return await work(stop.signal);
  } catch (error) {
    if (stop.signal.aborted) return INTERRUPTED_EXIT_CODE;
    if (!(error instanceof UserError)) throw error;
    process.stderr.write(`computeplatform ${command}: ${error.message}\n`);
    return 2;
  } finally {
    process.removeListener("SIGINT", interrupt);
  }
}
