import type { ClusterSummary } from "../../provider/resources/cluster/inputs";
import type { Pod } from "../../provider/resources/pod/inputs";
import type { LiveCluster } from "../../provider/resources/cluster/outputs";
import { importedInputs } from "../../provider/resources/lifecycle/importedInputs";
import type { AccountSnapshot } from "./accountSnapshot";
import { declarationOf } from "./declaredArguments";
import type { ImportKind } from "./importKinds";

/**
 * A live resource's values under its arguments' names, before the declaration's filter (see `declaredArguments`):
 * what the native plugin's read hands `pulumi import`, so that both imports agree. A cluster's members are taken
 * from the pods' list instead of a read of their own, and a pod names the template it was made from, which the
 * manifest writes as a reference to it.
 */
export function importedValues(kind: ImportKind, live: object, account: AccountSnapshot): Record<string, unknown> {
  const declaration = declarationOf(kind);
  if (declaration === undefined) return live as Record<string, unknown>;
  if (kind === "Cluster") return importedInputs(declaration, withMembers(live as ClusterSummary, account));
  if (kind === "Pod") return importedInputs(declaration, live as Pod, { templateId: (live as Pod).template ?? undefined });
  return importedInputs(declaration, live as { id: string });
}

/** The cluster with its members in rank order, as a read of it gives them. */
function withMembers(cluster: ClusterSummary, account: AccountSnapshot): LiveCluster {
  const members = account.clusterMembers.filter((pod) => pod.cluster?.id === cluster.id);
  return { ...cluster, members: members.sort((one, other) => (one.cluster?.rank ?? 0) - (other.cluster?.rank ?? 0)) };
}
