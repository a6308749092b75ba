import type { Deployment } from "@pulumi/pulumi/automation";

/** A resource as a stack's exported state records it. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  /** The URN of the parent, absent on the root stack resource. */
  parent?: string;
  /** False for component resources, which the provider never made. */
  custom?: boolean;
  outputs?: Record<string, unknown>;
}

/** The resources an exported state (`stack.exportState()`) records; none for a stack never deployed. */
export function stateResources(state: Deployment): StateResource[] {
  return ((state.deployment as { resources?: StateResource[] } | undefined)?.resources ?? []).filter((resource) => resource.urn);
}
