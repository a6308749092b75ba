import { type Registry as LiveRegistry, type RegistryInputs, registryInputsSchema } from "./inputs";
import type { Named } from "../autoName";
import { createOnly, declaration, type Fields, replaces } from "../lifecycle/declaration";
import { stripUndefined } from "../lifecycle/engineProperties";

/**
 * A `Registry` resource's outputs: the v2 Registry without `id`, which Pulumi reserves, plus the declared
 * username and password, echoed so that `diff` can compare them (the service never returns them).
 */
export type RegistryOutputs = Omit<Named<RegistryInputs>, "adopt">;

// Every field replaces the credential (see the class's TSDoc for why), so there is no PATCH.
const fields = {
  name: replaces(),
  username: replaces({ secret: "inputAndOutput" }),
  password: replaces({ secret: "configOnly" }),
  adopt: createOnly(),
} as const satisfies Fields<RegistryInputs>;

/** `Registry`: a write-only credential; username and password are never put into a message. */
export const registry = declaration<RegistryInputs, typeof fields, LiveRegistry, RegistryOutputs>()({
  type: "Registry",
  what: "registry credential",
  autoNamed: true,
  noun: "credential",
  importable: false,
  fields,
  schema: registryInputsSchema,
  outputs: ["name", "username", "password"],
  api: (client) => client.registries,
  outputsOf: (live, recorded) =>
    stripUndefined({ name: live.name, username: recorded.username, password: recorded.password }) as RegistryOutputs,
  adoptRefusal: (live, _conflicts, inputs) =>
    `is named "${live.name}", not "${inputs.name}", and a name cannot change in place; declare its current name or create a new credential instead`,
});
