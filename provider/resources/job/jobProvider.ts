import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import type { JobResponse } from "../../wire/job";
import { withJobDefaults } from "./inputs";
import { ownProperties } from "../lifecycle/engineProperties";
import { validate } from "../lifecycle/validate";
import { cancelUnfinished, diffJob, type JobRunInputs, type JobRunOutputs, readJob, runJob, withSettings } from "./jobRun";

/** What sets one kind of job resource apart: its arguments, their defaults, and the outputs it records. */
export interface JobKind<Args extends object, Checked extends JobRunInputs, Outputs extends JobRunOutputs<Checked>> {
  /** Validates the arguments, and applies the defaults a job's input itself has. */
  schema: z.ZodType;
  /** Applies the resource's own defaults to the validated arguments. */
  withDefaults(inputs: Args): Checked;
  /** The outputs recorded for the job as the job API reports it. */
  outputsOf(inputs: Checked, job: JobResponse): Outputs;
}

/** The provider methods of a job kind: queue and wait at create, record a new setting, cancel at delete. */
export function jobProvider<Args extends object, Checked extends JobRunInputs, Outputs extends JobRunOutputs<Checked>>(
  kind: JobKind<Args, Checked, Outputs>,
) {
  return {
    async check(_olds: Partial<Args>, props: Args): Promise<dynamic.CheckResult<Checked>> {
      const news = ownProperties(props);
      const failures = validate(kind.schema, news);
      if (failures.length > 0) return { failures };
      const parsed = kind.schema.safeParse(news);
      // Unparsable without failures means values unknown until apply: they are checked again then.
      return { inputs: kind.withDefaults(parsed.success ? (parsed.data as Args) : news) };
    },

    async diff(_id: string, olds: Outputs, news: Checked): Promise<dynamic.DiffResult> {
      return diffJob(olds, news);
    },

    async create(props: Checked): Promise<dynamic.CreateResult<Outputs>> {
      const inputs = ownProperties(props);
      return runJob(inputs, props, (job) => kind.outputsOf(inputs, job));
    },

    async read(id: string, props: Outputs): Promise<dynamic.ReadResult<Outputs>> {
      const recorded = withJobDefaults(ownProperties(props));
      const job = await readJob(recorded.endpointId, id);
      if (!job) return { id: "" };
      const { endpointId, input, timeoutSeconds, recordFailure } = recorded;
      return { id, props: kind.outputsOf({ endpointId, input, timeoutSeconds, recordFailure } as Checked, job) };
    },

    async update(_id: string, olds: Outputs, news: Checked): Promise<dynamic.UpdateResult<Outputs>> {
      return withSettings(olds, ownProperties(news));
    },

    async delete(id: string, props: Outputs): Promise<void> {
      await cancelUnfinished(id, ownProperties(props));
    },
  };
}
