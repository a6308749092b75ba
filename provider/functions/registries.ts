import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import type { Registry } from "../resources/registry/inputs";
import type { EcrDelegation } from "../resources/registryDelegation/inputs";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { matching } from "./matching";
import { parseArgs } from "./parseArgs";
import { readById } from "./readById";

/** Arguments of {@link getRegistry}. */
export interface GetRegistryArgs {
  /** Id of one of the account's registry credentials. */
  id: string;
}

/** Arguments of {@link getRegistries}. */
export interface GetRegistriesArgs {
  /** Only credentials with exactly this name (names need not be unique). */
  name?: string;
}

/** Result of {@link getRegistries}, shaped as the v2 registry list. */
export interface GetRegistriesResult {
  /** The matching credentials, id and name only, in the order the API lists them. */
  registries: Registry[];
}

/** Arguments of {@link getRegistryDelegation}. */
export interface GetRegistryDelegationArgs {
  /** Id of one of the account's registry delegations. */
  id: string;
}

/** Arguments of {@link getRegistryDelegations}. Every filter is optional; together they narrow the list. */
export interface GetRegistryDelegationsArgs {
  /** Only delegations with exactly this name. */
  name?: string;
  /** Only delegations of this ECR repository name. @example "ml/trainer" */
  repository?: string;
}

/** Result of {@link getRegistryDelegations}, shaped as the v2 delegation list. */
export interface GetRegistryDelegationsResult {
  /** The matching delegations, in the order the API lists them. */
  delegations: EcrDelegation[];
}

const getRegistriesArgsSchema = z.strictObject({ name: z.string().optional() });
const getRegistryDelegationsArgsSchema = z.strictObject({ name: z.string().optional(), repository: z.string().optional() });

/**
 * One of the account's registry credentials, to name in a pod's or template's `registry` without managing it in
 * this stack. Only its id and name: the username and password are write-only, and never read back. Fails with a
 * message naming the id when the account has no such credential.
 *
 * @example
 * const ghcr = await cp.getRegistry({ id: "reg7h3k2mq" });
 */
export async function getRegistry(args: GetRegistryArgs): Promise<Registry> {
  return readById("getRegistry", "registry credential", args, (id) => sharedClient().registries.get(id));
}

/** {@link getRegistry} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getRegistryOutput(args: DeepInput<GetRegistryArgs>): pulumi.Output<Registry> {
  return outputForm(getRegistry, args);
}

/**
 * The account's registry credentials (id and name only), optionally narrowed to one name.
 *
 * @example
 * const { registries } = await cp.getRegistries({ name: "ghcr" });
 */
export async function getRegistries(args: GetRegistriesArgs = {}): Promise<GetRegistriesResult> {
  const filters = parseArgs("getRegistries", getRegistriesArgsSchema, args);
  return { registries: matching(await sharedClient().registries.list(), filters) };
}

/** {@link getRegistries} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getRegistriesOutput(args?: DeepInput<GetRegistriesArgs>): pulumi.Output<GetRegistriesResult> {
  return outputForm<GetRegistriesArgs, GetRegistriesResult>(getRegistries, args);
}

/**
 * One of the account's registry delegations (pull access to an ECR repository). The API has no read of one
 * delegation, so this finds it in the list. Fails with a message naming the id when the account has no such one.
 *
 * @example
 * const trainer = await cp.getRegistryDelegation({ id: "dlg9x2k4mq" });
 * console.log(trainer.dockerRegistryUri);
 */
export async function getRegistryDelegation(args: GetRegistryDelegationArgs): Promise<EcrDelegation> {
  return readById("getRegistryDelegation", "registry delegation", args, async (id) => {
    const delegations = await sharedClient().registries.delegations.list();
    return delegations.find((delegation) => delegation.id === id);
  });
}

/** {@link getRegistryDelegation} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getRegistryDelegationOutput(args: DeepInput<GetRegistryDelegationArgs>): pulumi.Output<EcrDelegation> {
  return outputForm(getRegistryDelegation, args);
}

/**
 * The account's registry delegations, optionally narrowed to one name or repository.
 *
 * @example
 * const { delegations } = await cp.getRegistryDelegations({ repository: "ml/trainer" });
 */
export async function getRegistryDelegations(args: GetRegistryDelegationsArgs = {}): Promise<GetRegistryDelegationsResult> {
  const filters = parseArgs("getRegistryDelegations", getRegistryDelegationsArgsSchema, args);
  return { delegations: matching(await sharedClient().registries.delegations.list(), filters) };
}

/** {@link getRegistryDelegations} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getRegistryDelegationsOutput(args?: DeepInput<GetRegistryDelegationsArgs>): pulumi.Output<GetRegistryDelegationsResult> {
  return outputForm<GetRegistryDelegationsArgs, GetRegistryDelegationsResult>(getRegistryDelegations, args);
}
