import type { AnyDeclaration, LiveResource } from "./declaration";
import { fieldChanges } from "./fieldChanges";
import { recordedOutputs } from "./recordedOutputs";

/** How messages name the resource a create makes: the kind's label, or `<what> "<name>"`. */
export function labelOf(declaration: AnyDeclaration, inputs: object): string {
  return declaration.label?.(inputs) ?? `${declaration.what} "${(inputs as { name?: string }).name}"`;
}

/**
 * The arguments that only steer the provider and are never sent to the API: `adopt`, `placement`, the price cap, the
 * deadline and the lifetime (which its wrapper keeps).
 */
type Steering = "adopt" | "placement" | "maxHourlyPrice" | "readyTimeoutSeconds" | "lifetime";

/** The arguments without those that only steer the provider: the create request, for most kinds. */
export function withoutSteering<Inputs extends object>(inputs: Inputs): Omit<Inputs, Steering> {
  const {
    adopt: _adopt,
    placement: _placement,
    maxHourlyPrice: _cap,
    readyTimeoutSeconds: _timeout,
    lifetime: _lifetime,
    ...body
  } = inputs as Inputs & Partial<Record<Steering, unknown>>;
  return body;
}

/** The create request's body: the kind's, or the arguments without those that only steer the provider. */
export function createRequest(declaration: AnyDeclaration, inputs: object): unknown {
  if (declaration.createRequest !== undefined) return declaration.createRequest(inputs);
  const body: Record<string, unknown> = withoutSteering(inputs);
  if (declaration.deadline !== undefined) delete body[declaration.deadline];
  return body;
}

/** Whether a listed resource is one these arguments would have made: the kind's `madeBy`, or none of their fields differs from it. */
export function madeFrom(declaration: AnyDeclaration, inputs: object): (live: LiveResource) => boolean {
  return (live) => {
    if (declaration.madeBy !== undefined) return declaration.madeBy(live, inputs);
    const { updates, replaces } = fieldChanges(declaration, recordedOutputs(declaration, live, inputs), inputs);
    return updates.length === 0 && replaces.length === 0;
  };
}
