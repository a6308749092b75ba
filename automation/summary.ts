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
