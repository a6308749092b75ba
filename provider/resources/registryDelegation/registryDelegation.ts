import type * as pulumi from "@pulumi/pulumi";
import type { RegistryDelegationInputs } from "./inputs";
import type { ResourceArgs } from "../deepInput";
import { declaredKind } from "../classKind";
import { DeclaredResource } from "../lifecycle/declaredResource";
import * as registryDelegationProvider from "./registryDelegation.provider";
import { registryDelegation } from "./declaration";

export type * from "./inputs";

/** The arguments of a {@link RegistryDelegation}. */
export type RegistryDelegationArgs = ResourceArgs<RegistryDelegationInputs>;

/**
 * Pull access to an Amazon ECR repository (one tag of it) delegated to the platform, so that pods can run
 * images from it without a stored password. The service has no update for a delegation: changing the
 * repository, tag or name replaces it. `pulumi refresh` notices a delegation revoked outside Pulumi.
 *
 * @example
 * const delegation = new cp.RegistryDelegation("trainer-images", {
 *   resource: "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer:v3",
 *   name: "trainer-images",
 * });
 * export const loginHost = delegation.dockerRegistryUri;
 */
export class RegistryDelegation extends DeclaredResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<RegistryDelegation>()(registryDelegation, registryDelegationProvider);

  /** The declared ECR repository ARN. */
  declare readonly resource: pulumi.Output<string>;
  /** Display name; null when none was given. */
  declare readonly name: pulumi.Output<string | null>;
  /** Id of the platform user who created the delegation. */
  declare readonly delegatorUserId: pulumi.Output<string>;
  /** The AWS account id that owns the repository. */
  declare readonly awsUser: pulumi.Output<string>;
  /** Repository name, without registry host or tag. */
  declare readonly repository: pulumi.Output<string>;
  /** Image tag the delegation covers; `latest` when the ARN names none. */
  declare readonly tag: pulumi.Output<string>;
  declare readonly awsRegion: pulumi.Output<string>;
  /** Registry host for `docker login`, for example `210987654321.dkr.ecr.eu-west-1.amazonaws.com`. */
  declare readonly dockerRegistryUri: pulumi.Output<string | undefined>;
  /** When the delegation was created (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The delegation's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: RegistryDelegationArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
