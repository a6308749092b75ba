import { z } from "zod";

/** Body of `POST /v2/registries`. */
export const createRegistryRequest = z.strictObject({
  name: z.string().min(1),
  username: z.string().min(1),
  password: z.string().min(1),
});

/** Body of `PATCH /v2/registries/{id}`: renames or re-keys a credential. */
export const updateRegistryRequest = createRegistryRequest.partial();
