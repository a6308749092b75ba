// The dynamic provider of `Registry`. Pulumi serializes this module as `require(<this file>)`, so it exports
// the provider methods and nothing else, and reads its settings only when called. There is no `update`:
// every field replaces the credential (see the class's TSDoc for why), so the engine never asks for one.
// Username and password are never put into a message: errors name the credential by id and name only.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { BadRequestError, NotFoundError } from "../client/errors";
import { type Registry, registryFields, type RegistryInputs, registryInputsSchema } from "../schemas/registry";
import { sharedClient } from "../sharedClient";
import { type Named, resolveName } from "./autoName";
import { createOnce } from "./createOnce";
import { diffResult, ownProperties, refuseReplacingAdopted, stripUndefined, unlessNotFound, validate } from "./dynamic";

export { configure } from "../config";

/**
 * A `Registry` resource's outputs: the v2 Registry without `id`, which Pulumi reserves, plus the declared
 * username and password, echoed so that `diff` can compare them (the service never returns them).
 */
/** `Registry` arguments after `check`: named. */
type CheckedRegistryInputs = Named<RegistryInputs>;

export type RegistryOutputs = Omit<CheckedRegistryInputs, "adopt">;

export async function check(olds: Partial<RegistryInputs>, props: RegistryInputs): Promise<dynamic.CheckResult<CheckedRegistryInputs>> {
  const news = ownProperties(resolveName(olds, props));
  const failures = validate(registryInputsSchema, news);
  return failures.length > 0 ? { failures } : { inputs: news };
}

export async function diff(id: string, olds: RegistryOutputs, news: CheckedRegistryInputs): Promise<dynamic.DiffResult> {
  const replaces = registryFields.filter((field) => olds[field] !== news[field]);
  refuseReplacingAdopted("registry credential", id, news.adopt, replaces);
  return diffResult([], replaces);
}

export async function create(props: CheckedRegistryInputs): Promise<dynamic.CreateResult<RegistryOutputs>> {
  const client = sharedClient();
  const { adopt, ...body } = ownProperties(props);
  const registry = adopt
    ? await adoptRegistry(adopt, body)
    : await createOnce({
        what: `registry credential "${body.name}"`,
        source: client.registries,
        create: () => client.registries.create(body),
        matches: (candidate) => candidate.name === body.name,
        clock: client.clock,
      });
  return { id: registry.id, outs: outputs(registry, body) };
}

/**
 * Only a rename or a deletion made outside Pulumi can be seen: the username and password are never returned,
 * so the ones in state are kept as they are.
 */
export async function read(id: string, props: RegistryOutputs): Promise<dynamic.ReadResult<RegistryOutputs>> {
  const registry = await unlessNotFound(() => sharedClient().registries.get(id));
  if (!registry) return { id: "" };
  const previous = ownProperties(props);
  const refreshed = outputs(registry, previous);
  return registry.name === previous.name ? { id, props: refreshed } : { id, props: refreshed, inputs: refreshed };
}

async function deleteRegistry(id: string): Promise<void> {
  const client = sharedClient();
  try {
    await unlessNotFound(() => client.registries.delete(id));
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    const users = (await client.pods.list({ includeClusterPods: true })).filter((pod) => pod.registry === id);
    if (users.length === 0) throw error;
    const pods = users.map((pod) => `${pod.id} (${pod.name})`).join(", ");
    const [subject, them] = users.length === 1 ? [`pod ${pods} uses`, "it"] : [`pods ${pods} use`, "them"];
    throw new Error(
      `registry credential ${id} cannot be deleted while ${subject} it: delete ${them} or move ${them} to another registry first` +
        " (a pod that took its registry from a template keeps it; set `registry` on the pod itself so that it moves along)",
      { cause: error },
    );
  }
}
export { deleteRegistry as delete };

/** Takes over an existing credential: it must carry the declared name; its username and password are trusted. */
async function adoptRegistry(id: string, declared: RegistryOutputs): Promise<Registry> {
  let live: Registry;
  try {
    live = await sharedClient().registries.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`adopt: there is no registry credential with id "${id}"`);
    throw error;
  }
  if (live.name !== declared.name) {
    throw new Error(
      `adopt: registry credential "${id}" is named "${live.name}", not "${declared.name}", and a name cannot change in place; ` +
        "declare its current name or create a new credential instead",
    );
  }
  return live;
}

function outputs(registry: Registry, credentials: Pick<RegistryOutputs, "username" | "password">): RegistryOutputs {
  return stripUndefined({ name: registry.name, username: credentials.username, password: credentials.password });
}
