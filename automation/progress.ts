import type { EngineEvent, OpType } from "@pulumi/pulumi/automation";

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

/**
 * An `onEvent` handler for up/refresh/destroy that writes one short line when a resource operation
 * starts and one when it ends (with its duration), plus the engine's warnings and errors.
 * Unchanged resources, the stack itself and default providers stay silent.
 */
export function engineProgress(write: (line: string) => void): (event: EngineEvent) => void {
  const started = new Map<string, number>();
  return (event) => {
    const pre = event.resourcePreEvent;
    if (pre && !pre.planning) {
      const verb = verbs[pre.metadata.op];
      if (!verb || !isUserResource(pre.metadata.type)) return;
      started.set(`${pre.metadata.op} ${pre.metadata.urn}`, event.timestamp);
      write(`${verb[0]} ${label(pre.metadata.type, pre.metadata.urn)} ...`);
      return;
    }
    const outputs = event.resOutputsEvent;
    if (outputs && !outputs.planning) {
      const key = `${outputs.metadata.op} ${outputs.metadata.urn}`;
      const since = started.get(key);
      const verb = verbs[outputs.metadata.op];
      if (since === undefined || !verb) return;
      started.delete(key);
      write(`${verb[1]} ${label(outputs.metadata.type, outputs.metadata.urn)} (${event.timestamp - since}s)`);
      return;
    }
    const failed = event.resOpFailedEvent;
    if (failed) {
      write(`failed to ${failed.metadata.op} ${label(failed.metadata.type, failed.metadata.urn)}`);
      return;
    }
    const diagnostic = event.diagnosticEvent;
    if (diagnostic && (diagnostic.severity === "warning" || diagnostic.severity === "error")) {
      write(`${diagnostic.severity}: ${diagnostic.message.trim()}`);
    }
  };
}

function isUserResource(type: string): boolean {
  return type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:");
}

/** `Pod trainer` from `pulumi-nodejs:dynamic/computeplatform:Pod` and a URN ending in `::trainer`. */
function label(type: string, urn: string): string {
  return `${type.slice(type.lastIndexOf(":") + 1)} ${urn.slice(urn.lastIndexOf("::") + 2)}`;
}
