import type { Deployment } from "@pulumi/pulumi/automation";
import { resourceIdentity } from "../../automation/progress";
import { type StateResource, stateResources } from "../../automation/stateResources";
import { clusterEndings } from "../../provider/resources/cluster/clusterEndings";
import type { LifetimeEndings } from "../../provider/resources/lifetime/endings";
import { type LifetimeRecord } from "../../provider/resources/lifetime/expiry";
import { recordOf } from "../../provider/resources/lifetime/lifetimeOutputs";
import { podEndings } from "../../provider/resources/pod/podEndings";

/** A resource of a stack's state that has a lifetime (a pod or a cluster), as `expire` reads it. */
export interface StateLifetime {
  readonly urn: string;
  readonly id: string;
  /** The resource's name in the stack (the URN's last part). */
  readonly resource: string;
  readonly outputs: Record<string, unknown>;
  readonly record: LifetimeRecord;
  /** What its lifetime can do to it, and how. */
  readonly endings: LifetimeEndings;
}

/** The endings of each kind that has a lifetime, by its resource types: a dynamic resource's (TypeScript programs, manifests) and the plugin's. */
const ENDINGS_BY_TYPE = new Map(
  [podEndings, clusterEndings].flatMap((endings) => [
    [`pulumi-nodejs:dynamic/computeplatform:${endings.type}`, endings],
    [`computeplatform:index:${endings.type}`, endings],
  ]),
);

/** The resources of the state that have a lifetime; nothing else is ever touched. */
export function resourcesWithLifetime(state: Deployment): StateLifetime[] {
  return stateResources(state).flatMap((resource) => {
    const endings = ENDINGS_BY_TYPE.get(resource.type);
    if (endings === undefined || !resource.id || resource.outputs === undefined) return [];
    const record = recordOf(resource.outputs);
    if (record.lifetime === undefined) return [];
    return [
      {
        urn: resource.urn,
        id: resource.id,
        resource: resourceIdentity(resource.type, resource.urn).name,
        outputs: resource.outputs,
        record,
        endings,
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
