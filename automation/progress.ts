import type { EngineEvent, OpType } from "@pulumi/pulumi/automation";
import { inPackageWords } from "./summary";

const verbs: Partial<Record<OpType, [doing: string, done: string]>> = {
  create: ["creating", "created"],
  update: ["updating", "updated"],
  replace: ["replacing", "replaced"],
  "create-replacement": ["creating replacement", "created replacement"],
  "delete-replaced": ["deleting replaced", "deleted replaced"],
  delete: ["deleting", "deleted"],
  read: ["reading", "read"],
  refresh: ["refreshing", "refreshed"],
  import: ["importing", "imported"],
};

/** An `onEvent` handler that also tells which resource operations are under way. */
export interface EngineProgress {
  (event: EngineEvent): void;
  /** Operations started and not yet finished, such as `creating Pod trainer`, with their seconds so far. */
  inFlight(nowSeconds?: number): Array<{ label: string; seconds: number }>;
}

/**
 * An `onEvent` handler for up/refresh/destroy that writes one short line when a resource operation
 * starts and one when it ends (with its duration), plus the engine's warnings and what providers say
 * of a resource (a placement warning, a wait for capacity), one line each. Unchanged resources, the stack itself
 * and default providers stay silent.
 */
export function engineProgress(write: (line: string) => void): EngineProgress {
  const started = new Map<string, { label: string; since: number }>();
  const progress = (event: EngineEvent) => {
    const pre = event.resourcePreEvent;
    if (pre && !pre.planning) {
      const verb = verbs[pre.metadata.op];
      if (!verb || !isUserResource(pre.metadata.type)) return;
      const doing = `${verb[0]} ${label(pre.metadata.type, pre.metadata.urn)}`;
      started.set(`${pre.metadata.op} ${pre.metadata.urn}`, { label: doing, since: event.timestamp });
      write(`${doing} ...`);
      return;
    }
    const outputs = event.resOutputsEvent;
    if (outputs && !outputs.planning) {
      const key = `${outputs.metadata.op} ${outputs.metadata.urn}`;
      const operation = started.get(key);
      const verb = verbs[outputs.metadata.op];
      if (operation === undefined || !verb) return;
      started.delete(key);
      write(`${verb[1]} ${label(outputs.metadata.type, outputs.metadata.urn)} (${event.timestamp - operation.since}s)`);
      return;
    }
    const failed = event.resOpFailedEvent;
    if (failed) {
      started.delete(`${failed.metadata.op} ${failed.metadata.urn}`);
      write(`failed to ${failed.metadata.op} ${label(failed.metadata.type, failed.metadata.urn)}`);
      return;
    }
    const diagnostic = event.diagnosticEvent;
    if (diagnostic) for (const line of diagnosticLines(diagnostic.severity, diagnostic.message)) write(line);
  };
  const inFlight = (nowSeconds = Math.floor(Date.now() / 1000)) =>
    [...started.values()].map(({ label: doing, since }) => ({ label: doing, seconds: nowSeconds - since }));
  return Object.assign(progress, { inFlight });
}

/**
 * How a provider's message about one of its resources starts: `pod "trainer": `, or `warning: pod "trainer": `.
 * A provider process speaks through its stderr, which the engine reports line by line at info level, among
 * anything else written there (a runtime's deprecation notices, a stack trace).
 */
const RESOURCE_MESSAGE = /^(?:warning: )?[a-z][a-z ]* "[^"]+": \S/;

/** The lines a diagnostic adds to the progress: the engine's warnings, and providers' messages about a resource. */
export function diagnosticLines(severity: string, message: string): string[] {
  // The engine's errors are said once, when the operation fails (see `engineErrors`).
  if (severity === "warning") return [`warning: ${inPackageWords(message.trim())}`];
  if (severity !== "info" && severity !== "info#err") return [];
  return message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => RESOURCE_MESSAGE.test(line));
}

/** False for the stack itself and the engine's providers, which a user did not declare. */
export function isUserResource(type: string): boolean {
  return type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:");
}

/** `{ type: "Pod", name: "trainer" }` from `pulumi-nodejs:dynamic/computeplatform:Pod` and a URN ending in `::trainer`. */
export function resourceIdentity(type: string, urn: string): { type: string; name: string } {
  return { type: type.slice(type.lastIndexOf(":") + 1), name: urn.slice(urn.lastIndexOf("::") + 2) };
}

function label(type: string, urn: string): string {
  const identity = resourceIdentity(type, urn);
  return `${identity.type} ${identity.name}`;
}
