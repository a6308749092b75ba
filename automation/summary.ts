import type { OpMap } from "@pulumi/pulumi/automation";

/** The operation counts of a result, without zero entries, e.g. `{ same: 2, update: 1 }`. */
export function changeSummary(result: { changeSummary: OpMap } | { summary: { resourceChanges?: OpMap } }): OpMap {
  const counts = "changeSummary" in result ? result.changeSummary : (result.summary.resourceChanges ?? {});
  const summary: OpMap = {};
  for (const [op, count] of Object.entries(counts) as [keyof OpMap, number | undefined][]) {
    if (count) summary[op] = count;
  }
  return summary;
}

/** The engine's closing line after the errors it has already named, e.g. `update failed`. */
const CLOSING_LINE = /^(?:update|preview|refresh|destroy|import) failed$/;

/** What the engine writes before a failed check's reason: `property placement value {map[]} has a problem: `. */
const CHECK_FAILURE = /property (\S+) value \{.*?\} has a problem: /g;

/** How the engine names a resource: `pulumi-nodejs:dynamic/computeplatform:Pod resource 'trainer': `. */
const ENGINE_RESOURCE = /\S+:(\w+) resource '([^']+)': /g;

/**
 * The errors of a failed engine run, once each and in the package's words: the `error:` lines of the Automation
 * API's message (which holds the engine's stdout and stderr, so each twice) without repeats, without the closing
 * `update failed` when another error says what failed, {@link inPackageWords}.
 */
export function engineErrors(message: string): string[] {
  const errors = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("error:"))
    .map((line) => inPackageWords(line.slice("error:".length).trim()));
  const unique = [...new Set(errors)];
  const specific = unique.filter((error) => !CLOSING_LINE.test(error));
  if (specific.length > 0) return specific;
  if (unique.length > 0) return unique;
  // No `error:` line at all (the engine did not start, say): the message's last line says what happened.
  const last = message
    .split("\n")
    .map((line) => line.trim())
    .findLast((line) => line !== "");
  return last === undefined ? [] : [last];
}

/**
 * An engine message in the package's words: a resource as `Pod trainer: `, and a failed check as
 * `<property>: <reason>`, without the engine's wrapper around the reason.
 */
export function inPackageWords(message: string): string {
  return message.replace(ENGINE_RESOURCE, "$1 $2: ").replace(CHECK_FAILURE, "$1: ");
}
