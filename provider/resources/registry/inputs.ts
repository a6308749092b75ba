import { z } from "zod";
import type { Named } from "../autoName";

/**
 * The arguments of a `Registry`, as plain values. A change to any of them replaces the credential: a new one is
 * created, pods and templates that refer to the old one through an output of this resource are moved to the
 * new one, then the old one is deleted.
 */
export interface RegistryInputs {
  /**
   * Display name of the credential, at least 1 character. Not unique.
   * Without it, the resource is named after its logical name, a dash and seven random hex digits, and
   * keeps that name across updates.
   * @minLength 1
   */
  name?: string;
  /**
   * User name to log in to the container registry with, at least 1 character. Write-only: the service never
   * returns it, so a change made outside Pulumi goes unnoticed. Stored in state as a secret.
   * @minLength 1
   */
  username: string;
  /**
   * Password or access token for the container registry, at least 1 character. Write-only: the service never
   * returns it, so a change made outside Pulumi goes unnoticed. Stored in state as a secret.
   * @minLength 1
   */
  password: string;
  /**
   * Id of an existing registry credential to take over instead of creating one. Its name must equal `name`;
   * its username and password cannot be read back, so the declared ones are trusted to be the stored ones.
   */
  adopt?: string;
}

/** Validates `Registry` arguments before any API call. Its messages never quote the values. */
export const registryInputsSchema = z.strictObject({
  name: z.string().min(1),
  username: z.string().min(1),
  password: z.string().min(1),
  adopt: z.string().min(1).optional(),
});

// Compile-time proof that the validator and the documented argument type agree.
const registryInputsMatch: z.ZodType<Named<RegistryInputs>, Named<RegistryInputs>> = registryInputsSchema;
void registryInputsMatch;

export const registrySchema = z.object({
  id: z.string(),
  name: z.string(),
});

/** A registry credential as the v2 API returns it: without its write-only username and password. */
export type Registry = z.infer<typeof registrySchema>;

/** Body of `POST /v2/registries`. */
export type CreateRegistryRequest = Omit<RegistryInputs, "adopt">;
