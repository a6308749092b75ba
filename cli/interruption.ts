import * as os from "node:os";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { engineStopped, interruptEngine, killEngine } from "../automation/engineProcesses";
import { isUserResource } from "../automation/progress";

/** What a stack command does on SIGINT (a terminal's Ctrl-C) and SIGTERM; see {@link interruptible}. */
export interface Interruption {
  /** The first signal received, once one was. */
  readonly signal: NodeJS.Signals | undefined;
  /** Counts the resources whose operation the engine finished, for the closing message. */
  onEvent(event: EngineEvent): void;
  /**
   * Once a signal was received: waits for the engine to end, says what was done and how to resume, and returns the
   * exit code (128 plus the signal's number: 130 for SIGINT). Undefined when no signal was received.
   */
  finish(): Promise<number | undefined>;
  /** Removes the signal handlers. */
  release(): void;
}

/**
 * Handles SIGINT and SIGTERM during a stack command as `pulumi up` handles a Ctrl-C. The first cancels: the engine
 * (which runs in a process group of its own, so it gets exactly this one) starts nothing new, finishes and records
 * the operations in flight, saves the state and releases the lock, and the command waits for it. Before the engine
 * starts, the first stops the command there. A second signal forces: the engine stops waiting for what is in flight.
 * A third kills it.
 * @param resume the command that resumes the operation, for the closing message.
 * @param say writes one line for the user.
 */
export function interruptible(resume: string, say: (line: string) => void): Interruption {
  let first: NodeJS.Signals | undefined;
  let received = 0;
  const done = new Map<string, number>();
  const handler = (signal: NodeJS.Signals) => {
    received += 1;
    first ??= signal;
    const name = signal === "SIGINT" ? "Ctrl-C" : signal;
    if (received === 1) {
      const engines = interruptEngine();
      say(
        engines > 0
          ? `${name}: cancelling. The engine starts nothing new, finishes what is in flight (a pod being created until it runs), saves the state and releases the lock. Press Ctrl-C again to stop at once.`
          : `${name}: stopping before the engine starts.`,
      );
    } else if (received === 2) {
      interruptEngine();
      say(
        `${name} again: stopping at once. What was being created or deleted is recorded as pending, and may exist without the stack knowing; \`${resume}\` settles it. Press Ctrl-C again to kill the engine.`,
      );
    } else {
      killEngine();
      say(`${name} a third time: killed the engine. The stack may be left locked; \`${resume}\` releases a lock no process holds.`);
      process.exit(exitCode(signal));
    }
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return {
    get signal() {
      return first;
    },
    onEvent(event) {
      const metadata = event.resOutputsEvent?.metadata;
      if (metadata === undefined || !isUserResource(metadata.type) || metadata.op === "same") return;
      done.set(metadata.op, (done.get(metadata.op) ?? 0) + 1);
    },
    async finish() {
      if (first === undefined) return undefined;
      await engineStopped();
      const what = [...done].map(([op, count]) => `${count} ${pastTense(op)}`).join(", ");
      say(
        `Interrupted${what ? ` after ${what}` : " before anything changed"}: the state is saved and the stack is not locked. ` +
          `Run \`${resume}\` to go on.`,
      );
      return exitCode(first);
    },
    release() {
      process.off("SIGINT", handler);
      process.off("SIGTERM", handler);
    },
  };
}

function exitCode(signal: NodeJS.Signals): number {
  return 128 + os.constants.signals[signal];
}

function pastTense(op: string): string {
  const words: Record<string, string> = { create: "created", update: "updated", replace: "replaced", delete: "deleted", refresh: "read" };
  return words[op] ?? op;
}
