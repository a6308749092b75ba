// The dynamic provider of `Job`: the job provider methods it shares with `TextToVideoJob`. Pulumi serializes this module
// as `require(<this file>)`, so it stays at this path, exports the provider methods and nothing else, and reads its
// settings only when called.
import { type CheckedJobInputs, type JobInputs, jobInputsSchema, withJobDefaults } from "./inputs";
import { jobProvider } from "./jobProvider";
import { jobRunOutputs } from "./jobRun";

export { configure } from "../../config";

const provider = jobProvider({
  schema: jobInputsSchema,
  withDefaults: (inputs: JobInputs): CheckedJobInputs => withJobDefaults(inputs),
  outputsOf: jobRunOutputs<CheckedJobInputs>,
});
export const { check, diff, create, read, update } = provider;
const remove = provider.delete;
export { remove as delete };
