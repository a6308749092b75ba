import { z } from "zod";

/** An RFC 9457 problem object, as every v2 error carries. */
export const problemSchema = z.looseObject({
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  errors: z.array(z.string()).optional(),
});

export type Problem = z.infer<typeof problemSchema>;
