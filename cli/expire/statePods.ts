import type { Deployment } from "@pulumi/pulumi/automation";
import { resourceIdentity } from "../../automation/progress";
import { type StateResource, stateResources } from "../../automation/stateResources";
import { type LifetimeRecord } from "../../provider/resources/lifetime/expiry";
import { recordOf } from "../../provider/resources/lifetime/lifetimeOutputs";

/** A pod of a stack's state that has a lifetime, as `expire` reads it. */
export interface StatePod {
  readonly urn: string;
  readonly id: string;
  /** The resource's name in the stack (the URN's last part). */
  readonly resource: string;
  readonly outputs: Record<string, unknown>;
  readonly record: LifetimeRecord;
}

/** The resource types of a pod: a dynamic resource's (TypeScript programs, manifests) and the plugin's. */
const POD_TYPES = new Set(["pulumi-nodejs:dynamic/computeplatform:Pod", "computeplatform:index:Pod"]);

/** The pods of the state that have a lifetime; nothing else is ever touched. */
export function podsWithLifetime(state: Deployment): StatePod[] {
  return stateResources(state).flatMap((resource) => {
    if (!POD_TYPES.has(resource.type) || !resource.id || resource.outputs === undefined) return [];
    const record = recordOf(resource.outputs);
    if (record.lifetime === undefined) return [];
    return [
      {
        urn: resource.urn,
        id: resource.id,
        resource: resourceIdentity(resource.type, resource.urn).name,
        outputs: resource.outputs,
        record,
      },
    ];
  });
}

/** The state with new outputs for some resources, by URN; the rest as it was. */
export function withOutputs(state: Deployment, outputs: ReadonlyMap<string, Record<string, unknown>>): Deployment {
  const deployment = state.deployment as { resources?: StateResource[] };
  return {
    ...state,
    deployment: {
      ...deployment,
      resources: (deployment.resources ?? []).map((resource) => {
        const changed = outputs.get(resource.urn);
        return changed === undefined ? resource : { ...resource, outputs: changed };
      }),
    },
  };
}
