import type { EngineEvent, OpMap, OutputMap, Stack, UpdateKind, UpdateSummary } from "@pulumi/pulumi/automation";

/** The options of `up`, `refresh` and `destroy` that the results are made of. */
interface OperationOptions {
  message?: string;
  onEvent?: (event: EngineEvent) => void;
}

/** Runs one of `up`, `refresh` and `destroy`: `run` calls it on the stack it is given, with the options given. */
export type OperationRunner = <Options extends OperationOptions, Result>(
  kind: UpdateKind,
  options: Options | undefined,
  run: (stack: Stack, options: Options) => Promise<Result>,
) => Promise<Result>;

/**
 * Runs the Automation API's `up`, `refresh` and `destroy` of `stack` with the reads they make once the engine is done
 * replaced: `info()`, a `pulumi stack history` run for the summary, by the operation's own summary event, as the
 * Automation API's preview takes its counts; and `outputs()`, two `pulumi stack output` runs that only `up` makes, by
 * `outputs`. Everything else, from the options' arguments to the inline program's server, is the Automation API's
 * own: the stack an operation runs on inherits from `stack` and overrides just those two methods.
 *
 * A result's `summary` therefore has `kind`, `startTime`, `endTime`, `message`, `result` and `resourceChanges`;
 * `environment` and `config` are empty and `version` is absent (the stack's history has them).
 */
export function withOwnReads(stack: Stack, outputs: () => Promise<OutputMap>): OperationRunner {
  return (kind, options, run) => {
    const startTime = new Date();
    let resourceChanges: OpMap | undefined;
    const onEvent = (event: EngineEvent) => {
      // `up --refresh` runs a refresh first, with a summary of its own: the last one is the operation's.
      if (event.summaryEvent) resourceChanges = event.summaryEvent.resourceChanges;
      options?.onEvent?.(event);
    };
    const info = async (): Promise<UpdateSummary> => {
      const summary: Omit<UpdateSummary, "version"> = {
        kind,
        startTime,
        endTime: new Date(),
        message: options?.message ?? "",
        environment: {},
        config: {},
        result: "succeeded", // a failed operation throws before its summary is read
        ...(resourceChanges === undefined ? {} : { resourceChanges }),
      };
      return summary as UpdateSummary; // without `version`, which only the stack's history numbers
    };
    return run(Object.assign(Object.create(stack) as Stack, { info, outputs }), { ...options, onEvent } as NonNullable<typeof options>);
  };
}
