import type * as pulumi from "@pulumi/pulumi";
import type { RegistryInputs } from "./inputs";
import type { ResourceArgs } from "../deepInput";
import { declaredKind } from "../classKind";
import { DeclaredResource } from "../lifecycle/declaredResource";
import * as registryProvider from "./registry.provider";
import { registry } from "./declaration";

export type * from "./inputs";

/** The arguments of a {@link Registry}. */
export type RegistryArgs = ResourceArgs<RegistryInputs>;

/**
 * A credential for a private container registry, named by id in the `registry` of pods and templates.
 *
 * Changing the name, username or password replaces the credential rather than PATCHing it. The credential is
 * write-only, so an in-place change could never be checked; a new one is created first, resources that take
 * `registry` from this resource's `id` are moved to it, and only then is the old one deleted (the service
 * refuses while a pod still uses it). A rotation therefore never leaves a pod pointing at a half-changed secret.
 * A pod that only took the credential from its template does not move (the template was a one-time source):
 * set `registry: registry.id` on the pod too.
 *
 * Username and password are write-only: the service never returns them. They are kept in state as secrets,
 * inputs and outputs alike, and never appear in messages. `pulumi refresh` can therefore only notice a
 * rename or a deletion made outside Pulumi; a credential changed elsewhere goes unnoticed.
 *
 * @example
 * const registry = new cp.Registry("ghcr", {
 *   name: "ghcr-acme", username: "ci-puller", password: config.requireSecret("registryPassword"),
 * });
 */
export class Registry extends DeclaredResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<Registry>()(registry, registryProvider);

  /** Display name. */
  declare readonly name: pulumi.Output<string>;
  /** The declared username, as a secret. */
  declare readonly username: pulumi.Output<string>;
  /** The declared password, as a secret. */
  declare readonly password: pulumi.Output<string>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The credential's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: RegistryArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
