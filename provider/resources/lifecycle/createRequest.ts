import type { Checked, Fields, KindDeclaration } from "./declaration";
import { fieldChanges } from "./fieldChanges";
import { recordedOutputs } from "./recordedOutputs";

/** How messages name the resource a create makes: the kind's label, or `<what> "<name>"`. */
export function labelOf<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, inputs: Checked<Args, F>): string {
  return declaration.label?.(inputs) ?? `${declaration.what} "${(inputs as { name?: string }).name}"`;
}

/** The create request's body: the kind's, or the arguments without those that only steer the provider. */
export function createRequest<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, inputs: Checked<Args, F>): CreateBody {
  if (declaration.createRequest !== undefined) return declaration.createRequest(inputs);
  const { adopt: _adopt, ...body } = inputs as Checked<Args, F> & { adopt?: string };
  if (declaration.deadline !== undefined) delete (body as Record<string, unknown>)[declaration.deadline];
  return body as CreateBody;
}

/** Whether a listed resource is one these arguments would have made: the kind's `madeBy`, or none of their fields differs from it. */
export function madeFrom<
  Args extends object,
  F extends Fields<Args>,
  Live extends { id: string },
  Outputs extends object,
  CreateBody,
  Patch,
>(declaration: KindDeclaration<Args, F, Live, Outputs, CreateBody, Patch>, inputs: Checked<Args, F>): (live: Live) => boolean {
  return (live) => {
    if (declaration.madeBy !== undefined) return declaration.madeBy(live, inputs);
    const { updates, replaces } = fieldChanges(declaration, recordedOutputs(declaration, live, inputs), inputs);
    return updates.length === 0 && replaces.length === 0;
  };
}
