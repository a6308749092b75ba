import {
  type EcrDelegation,
  type EcrRepositoryReference,
  formatEcrRepositoryArn,
  parseEcrRepositoryArn,
  type RegistryDelegationInputs,
  registryDelegationInputsSchema,
} from "./inputs";
import { type Checked, createOnly, declaration, type Fields, replaces, replacesWhen } from "../lifecycle/declaration";
import { stripUndefined } from "../lifecycle/engineProperties";

/**
 * A `RegistryDelegation` resource's outputs: the v2 EcrDelegation without `id`, which Pulumi reserves, with
 * `name` null when it has none, plus the declared `resource` ARN.
 */
export type RegistryDelegationOutputs = Omit<EcrDelegation, "id" | "name"> & { name: string | null; resource: string };

/** `resource` is compared by what it designates, so an explicit `:latest` is the same as no tag. */
const designatesAnother = (olds: EcrRepositoryReference, news: { resource: string }): boolean => {
  const repository = parseEcrRepositoryArn(news.resource);
  return (
    repository === undefined || (["awsRegion", "awsUser", "repository", "tag"] as const).some((part) => olds[part] !== repository[part])
  );
};

/**
 * The ARN the delegation was made with, as recorded; at an import (nothing recorded) the one the repository's parts
 * give, which the API reports instead, with its tag.
 */
const resourceOf = (live: EcrRepositoryReference, recorded: Partial<RegistryDelegationOutputs>): string =>
  recorded.resource ?? formatEcrRepositoryArn(live);

// The service has no update for a delegation: every field replaces it.
const fields = {
  resource: replacesWhen(designatesAnother, { cases: "it names another region, account, repository or tag" }),
  name: replaces({ default: null }),
  adopt: createOnly(),
} as const satisfies Fields<RegistryDelegationInputs>;

/** `RegistryDelegation`: pull access to one tag of an ECR repository. */
export const registryDelegation = declaration<RegistryDelegationInputs, typeof fields, EcrDelegation, RegistryDelegationOutputs>()({
  type: "RegistryDelegation",
  what: "registry delegation",
  noun: "delegation",
  importable: true,
  fields,
  schema: registryDelegationInputsSchema,
  outputs: ["resource", "name", "delegatorUserId", "awsUser", "repository", "tag", "awsRegion", "dockerRegistryUri", "createdAt"],
  api: (client) => client.registries.delegations,
  label: (inputs) => `registry delegation of ${inputs.resource}`,
  // The API has no read by id: the delegation is looked up in the list.
  find: async (client, id) => (await client.registries.delegations.list()).find((candidate) => candidate.id === id),
  outputsOf: ({ id: _id, ...live }, recorded) => stripUndefined({ ...live, name: live.name ?? null, resource: resourceOf(live, recorded) }),
  // `Checked` says every name is a string; a delegation's may be null.
  inputsOf: (live, recorded) =>
    ({ resource: resourceOf(live, recorded), name: live.name ?? null }) as Checked<RegistryDelegationInputs, typeof fields>,
  adoptRefusal: (live, conflicts) =>
    `differs from the arguments in ${conflicts.join(", ")} (it covers ${formatEcrRepositoryArn(live)} and ` +
    `${live.name ? `is named "${live.name}"` : "has no name"}), which cannot change in place; declare the delegation's current ` +
    "values or create a new delegation instead",
});
