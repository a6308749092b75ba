import { UserError } from "../provider/errors";

/** A command that only works on an existing stack named one that does not exist; `stacks` are those that do. */
export class MissingStackError extends UserError {
  constructor(
    readonly stackName: string,
    readonly backendUrl: string,
    readonly stacks: readonly string[],
  ) {
    super(
      `stack ${stackName} does not exist in ${backendUrl}; ` +
        (stacks.length === 0 ? "the project has no stack yet" : `its stacks: ${stacks.join(", ")}`) +
        ". Name one with --stack; only `up` creates a stack.",
    );
  }
}
