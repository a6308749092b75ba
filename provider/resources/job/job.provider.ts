// The dynamic provider of `Job`, the job lifecycle it shares with `TextToVideoJob`. Pulumi serializes this module
// as `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called.
import { type CheckedJobInputs, type JobInputs, jobInputsSchema, withJobDefaults } from "./inputs";
import { jobLifecycle } from "./jobLifecycle";
import { jobRunOutputs } from "./jobRun";

export { configure } from "../../config";

const lifecycle = jobLifecycle({
  schema: jobInputsSchema,
  withDefaults: (inputs: JobInputs): CheckedJobInputs => withJobDefaults(inputs),
  outputsOf: jobRunOutputs<CheckedJobInputs>,
});
export const { check, diff, create, read, update } = lifecycle;
const remove = lifecycle.delete;
export { remove as delete };
