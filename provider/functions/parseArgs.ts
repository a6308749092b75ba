import type { z } from "zod";
import { propertyPath } from "../resources/lifecycle/validate";
import { UserError } from "../errors";

/** A data function's arguments, or an error naming the function and every invalid argument. */
export function parseArgs<Schema extends z.ZodType>(fn: string, schema: Schema, args: unknown): z.output<Schema> {
  const result = schema.safeParse(args ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${propertyPath(issue.path) || "arguments"}: ${issue.message}`);
  throw new UserError(`${fn}: invalid arguments: ${problems.join("; ")}`);
}
