// The dynamic provider of `RegistryDelegation`. Pulumi serializes this module as `require(<this file>)`, so it
// exports the provider methods and nothing else, and reads its settings only when called. There is no
// `update`: every field replaces the delegation, so the engine never asks for one.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  type CheckedRegistryDelegationInputs,
  type EcrDelegation,
  type EcrRepositoryReference,
  formatEcrRepositoryArn,
  parseEcrRepositoryArn,
  type RegistryDelegationInputs,
  registryDelegationInputsSchema,
  withRegistryDelegationDefaults,
} from "../schemas/registryDelegation";
import { sharedClient } from "../sharedClient";
import { createOnce } from "./lifecycle/createOnce";
import { diffResult, refuseReplacingAdopted } from "./lifecycle/diffResult";
import { ownProperties, stripUndefined } from "./lifecycle/engineProperties";
import { unlessNotFound } from "./lifecycle/notFound";
import { validate } from "./lifecycle/validate";

export { configure } from "../config";

/**
 * A `RegistryDelegation` resource's outputs: the v2 EcrDelegation without `id`, which Pulumi reserves, with
 * `name` null when it has none, plus the declared `resource` ARN.
 */
export type RegistryDelegationOutputs = Omit<EcrDelegation, "id" | "name"> & { name: string | null; resource: string };

export async function check(
  _olds: Partial<RegistryDelegationInputs>,
  props: RegistryDelegationInputs,
): Promise<dynamic.CheckResult<CheckedRegistryDelegationInputs>> {
  const news = ownProperties(props);
  const failures = validate(registryDelegationInputsSchema, news);
  return failures.length > 0 ? { failures } : { inputs: withRegistryDelegationDefaults(news) };
}

/** `resource` is compared by what it designates, so an explicit `:latest` is the same as no tag. */
export async function diff(
  id: string,
  olds: RegistryDelegationOutputs,
  news: CheckedRegistryDelegationInputs,
): Promise<dynamic.DiffResult> {
  const replaces = mismatches(olds, news);
  refuseReplacingAdopted("registry delegation", id, news.adopt, replaces);
  return diffResult([], replaces);
}

export async function create(props: CheckedRegistryDelegationInputs): Promise<dynamic.CreateResult<RegistryDelegationOutputs>> {
  const client = sharedClient();
  const { adopt, ...body } = ownProperties(props);
  const delegation = adopt
    ? await adoptDelegation(adopt, body)
    : await createOnce({
        what: `registry delegation of ${body.resource}`,
        source: client.registries.delegations,
        create: () => client.registries.delegations.create(body),
        matches: (candidate) => mismatches(candidate, body).length === 0,
        clock: client.clock,
      });
  return { id: delegation.id, outs: outputs(delegation, body.resource) };
}

/** A delegation cannot change, so only its disappearance is news. The API has no read by id: this lists them. */
export async function read(id: string, props: RegistryDelegationOutputs): Promise<dynamic.ReadResult<RegistryDelegationOutputs>> {
  const delegation = (await sharedClient().registries.delegations.list()).find((candidate) => candidate.id === id);
  return delegation ? { id, props: outputs(delegation, ownProperties(props).resource) } : { id: "" };
}

async function deleteDelegation(id: string): Promise<void> {
  await unlessNotFound(() => sharedClient().registries.delegations.delete(id));
}
export { deleteDelegation as delete };

/** The fields in which a delegation, live or as last recorded, differs from the declared arguments. */
function mismatches(
  live: EcrRepositoryReference & Pick<EcrDelegation, "name">,
  declared: Pick<CheckedRegistryDelegationInputs, "resource" | "name">,
): string[] {
  const repository = parseEcrRepositoryArn(declared.resource);
  const fields: string[] = [];
  if (!repository || !sameRepository(live, repository)) fields.push("resource");
  if ((live.name ?? null) !== declared.name) fields.push("name");
  return fields;
}

function sameRepository(a: EcrRepositoryReference, b: EcrRepositoryReference): boolean {
  return a.awsRegion === b.awsRegion && a.awsUser === b.awsUser && a.repository === b.repository && a.tag === b.tag;
}

/** Takes over an existing delegation, found in the list: it must cover the declared repository and tag, under the declared name. */
async function adoptDelegation(id: string, declared: Pick<CheckedRegistryDelegationInputs, "resource" | "name">): Promise<EcrDelegation> {
  const live = (await sharedClient().registries.delegations.list()).find((candidate) => candidate.id === id);
  if (!live) throw new Error(`adopt: there is no registry delegation with id "${id}"`);
  const conflicts = mismatches(live, declared);
  if (conflicts.length > 0) {
    const current = `it covers ${formatEcrRepositoryArn(live)} and ${live.name ? `is named "${live.name}"` : "has no name"}`;
    throw new Error(
      `adopt: registry delegation "${id}" differs from the arguments in ${conflicts.join(", ")} (${current}), which cannot ` +
        "change in place; declare the delegation's current values or create a new delegation instead",
    );
  }
  return live;
}

function outputs(delegation: EcrDelegation, resource: string): RegistryDelegationOutputs {
  const { id: _id, ...rest } = delegation;
  return stripUndefined({ ...rest, name: delegation.name ?? null, resource });
}
