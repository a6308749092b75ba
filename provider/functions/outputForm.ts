import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../resources/deepInput";

/** Options of {@link outputForm}. */
export interface OutputFormOptions {
  /**
   * Whether the result is secret whatever its arguments: it holds what the API keeps secret, such as a pod's `env`.
   * @default false
   */
  secret?: boolean;
}

/**
 * The Output form of a data function, the way Pulumi's own `getXOutput` functions work: it accepts Inputs
 * at every level of its arguments, runs once they are known (never during a preview that cannot know them),
 * and keeps them secret when any of them is.
 */
export function outputForm<Args extends object, Result>(
  read: (args: Args) => Promise<Result>,
  args: DeepInput<Args> | undefined,
  options: OutputFormOptions = {},
): pulumi.Output<Result> {
  // Loaded here, not with the module: the native plugin serves the plain forms, and the SDK would double its start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require("@pulumi/pulumi") as typeof pulumi;
  const result = sdk.output(args ?? {}).apply((plain) => read(plain as Args));
  // `secret` types its result as the unwrapped value, which for a plain Result is Result: the compiler cannot tell here.
  return options.secret ? (sdk.secret(result) as pulumi.Output<Result>) : result;
}
