import type * as pulumi from "@pulumi/pulumi";
import * as dynamic from "@pulumi/pulumi/dynamic";
import type { JobInputs } from "./inputs";
import type { ResourceArgs } from "../deepInput";
import { undeclaredKind, unsetOutputs } from "../classKind";
import * as jobProvider from "./job.provider";
import { JOB_OUTPUTS } from "./jobRun";

export type * from "./inputs";

/** The arguments of a {@link Job}. */
export type JobArgs = ResourceArgs<JobInputs>;

/**
 * One job on a queue-based endpoint (or a hosted model), run when the resource is created: `pulumi up` queues it
 * and waits until it ends. A job that does not complete (FAILED, TIMED_OUT, CANCELLED) fails the deployment with
 * the job's error, unless `recordFailure` is set; a job still running at `timeoutSeconds` is cancelled before the
 * deployment fails, so that nothing keeps billing. Use it for smoke tests after a deploy, or for one-off work
 * whose result the stack keeps. Another `input` or `endpointId` runs a new job (a replacement). A job that has
 * ended cannot be undone: destroying the resource only forgets it (one still queued or running is cancelled), and
 * it disappears from `pulumi refresh` once its endpoint is deleted with its job history.
 *
 * @example
 * const smoke = new cp.Job("smoke", { endpointId: endpoint.id, input: { prompt: "ping" } });
 * export const smokeOutput = smoke.output;
 * // A smoke test that expects the handler to refuse bad input:
 * const refused = new cp.Job("refused", { endpointId: endpoint.id, input: { prompt: 42 }, recordFailure: true });
 * export const refusal = refused.error;
 */
export class Job extends dynamic.Resource {
  /** What the kind registry knows of the class: its provider module, deadline and outputs. */
  static readonly kind = undeclaredKind<Job>()(jobProvider, { deadline: "timeoutSeconds", importable: false }, ...JOB_OUTPUTS);

  declare readonly endpointId: pulumi.Output<string>;
  declare readonly input: pulumi.Output<Record<string, unknown>>;
  /** COMPLETED once created; with `recordFailure`, also FAILED, TIMED_OUT or CANCELLED. */
  declare readonly status: pulumi.Output<string>;
  /** What the handler returned. */
  declare readonly output: pulumi.Output<Record<string, unknown> | undefined>;
  /** Milliseconds the job waited in the queue. */
  declare readonly delayTime: pulumi.Output<number | undefined>;
  /** Milliseconds the job ran. */
  declare readonly executionTime: pulumi.Output<number | undefined>;
  /** The worker that ran it. */
  declare readonly workerId: pulumi.Output<string | undefined>;
  /** Why the job failed, recorded with `recordFailure`. */
  declare readonly error: pulumi.Output<string | undefined>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args Where the job runs and its input.
   * @param opts Resource options.
   */
  constructor(name: string, args: JobArgs, opts?: pulumi.CustomResourceOptions) {
    const props = { timeoutSeconds: undefined, recordFailure: undefined, ...unsetOutputs(Job.kind), ...args };
    super(jobProvider, name, props, opts, "computeplatform", "Job");
  }
}
