import * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../resources/deepInput";

/**
 * The Output form of a data function, the way Pulumi's own `getXOutput` functions work: it accepts Inputs
 * at every level of its arguments, runs once they are known (never during a preview that cannot know them),
 * and keeps them secret when any of them is.
 */
export function outputForm<Args extends object, Result>(
  read: (args: Args) => Promise<Result>,
  args: DeepInput<Args> | undefined,
): pulumi.Output<Result> {
  return pulumi.output(args ?? {}).apply((plain) => read(plain as Args));
}
