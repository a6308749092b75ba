import { z } from "zod";
import { ecrRepositoryArn } from "./ecr";

/** Body of `POST /v2/registries/delegations`. */
export const createDelegationRequest = z.strictObject({
  resource: ecrRepositoryArn,
  name: z.string().nullable().default(null),
});
