import { kinds } from "../../provider/kindRegistry";
import { ConfigKeys, LogicalNames } from "../migrate/names";
import type { AccountSnapshot } from "./accountSnapshot";
import { declarationOf, declaredArguments } from "./declaredArguments";
import { importedValues } from "./importedValues";
import { IMPORT_KIND_NAMES, IMPORT_KINDS, type ImportKind } from "./importKinds";
import { literalValues } from "./literalValues";
import { type DeclaredIds, withReferences } from "./references";
import { type ConfigSecret, withSecretEnv } from "./secretSettings";
import { withoutTemplateSettings } from "./templateSettings";

/** The id the provider gives the account's one set of SSH keys. */
const ACCOUNT_SSH_KEYS_ID = "account-ssh-keys";

/** One resource of the account, as read. */
export interface AccountResource {
  kind: ImportKind;
  id: string;
  /** Its name in the API; undefined for the SSH keys and a delegation without one. */
  name: string | undefined;
  live: object;
}

/** A resource the manifest declares. */
export interface PlannedResource extends Omit<AccountResource, "live"> {
  /** Its key under `resources:`. */
  logicalName: string;
  properties: Record<string, unknown>;
}

/** What `import` writes, and what it leaves out. */
export interface ImportPlan {
  resources: PlannedResource[];
  /** Resources a stack already manages, by the stack's state. */
  inStack: Omit<AccountResource, "live">[];
  /** The values read from stack config, in the order of the resources. */
  secrets: ConfigSecret[];
}

/** Which resources to import. */
export interface ImportFilter {
  kinds: readonly ImportKind[];
  /** Only resources whose API name starts with it (the SSH keys and unnamed delegations have none). */
  namePrefix?: string | undefined;
  exclude: readonly string[];
  /** Ids in the current stack's state. */
  stackIds: ReadonlySet<string>;
}

/** Every resource of the snapshot, kind by kind in {@link IMPORT_KINDS}'s order. */
export function accountResources(account: AccountSnapshot): AccountResource[] {
  const of = <T extends { id: string; name?: string | null }>(kind: ImportKind, items: T[]) =>
    items.map((live) => ({ kind, id: live.id, name: live.name ?? undefined, live }));
  const byKind: Record<ImportKind, AccountResource[]> = {
    Registry: of("Registry", account.registries),
    RegistryDelegation: of("RegistryDelegation", account.delegations),
    AccountSshKeys:
      account.sshKeys.length > 0
        ? [{ kind: "AccountSshKeys", id: ACCOUNT_SSH_KEYS_ID, name: undefined, live: { keys: account.sshKeys } }]
        : [],
    NetworkVolume: of("NetworkVolume", account.networkVolumes),
    Template: of("Template", account.templates),
    Pod: of("Pod", account.pods),
    Cluster: of("Cluster", account.clusters),
    ServerlessEndpoint: of("ServerlessEndpoint", account.endpoints),
  };
  return IMPORT_KIND_NAMES.flatMap((kind) => byKind[kind]);
}

/**
 * The manifest's resources for the account: each with the arguments its live values give, `adopt` with its id,
 * ids of other imported resources as references, and every secret (what the API never returns, env values that
 * look secret) as `${config.<key>}`.
 * @throws Error naming an `exclude` id that is none of the account's resources.
 */
export function planImport(account: AccountSnapshot, filter: ImportFilter): ImportPlan {
  const read = accountResources(account).filter(({ kind }) => filter.kinds.includes(kind));
  const unknown = filter.exclude.filter((id) => !read.some((resource) => resource.id === id));
  if (unknown.length > 0) {
    const what = filter.kinds.length === IMPORT_KIND_NAMES.length ? "resource" : filter.kinds.join(" or ");
    throw new Error(`--exclude: no ${what} of the account has the id ${unknown.map((id) => `"${id}"`).join(", ")}`);
  }
  const chosen = read.filter(
    ({ id, name }) => !filter.exclude.includes(id) && (filter.namePrefix === undefined || (name?.startsWith(filter.namePrefix) ?? false)),
  );
  const inStack = chosen.filter(({ id }) => filter.stackIds.has(id)).map(({ live: _live, ...resource }) => resource);
  const names = new LogicalNames();
  const named = chosen
    .filter(({ id }) => !filter.stackIds.has(id))
    .map((resource) => ({
      ...resource,
      logicalName: names.claim(resource.name ?? IMPORT_KINDS[resource.kind], IMPORT_KINDS[resource.kind]),
    }));
  const declared: DeclaredIds = new Map(named.map(({ id, logicalName }) => [id, logicalName]));
  const configKeys = new ConfigKeys();
  const secrets: ConfigSecret[] = [];
  const resources = named.map(({ live, ...resource }) => {
    const claim = (what: string, holds: string, reason: string) => {
      const key = configKeys.claim(resource.logicalName, what);
      secrets.push({ key, holds, reason });
      return key;
    };
    const args = withReferences(liveArguments(resource.kind, live, account), declared);
    if (typeof args.env === "object" && args.env !== null) {
      args.env = withSecretEnv(args.env as Record<string, string>, (name, reason) =>
        claim(name, `env ${name} of ${resourceLabel(resource)}`, reason),
      );
    }
    for (const what of resource.kind === "Registry" ? kinds.Registry.secretInputs : []) {
      args[what] = `\${config.${claim(what, `the ${what} of ${resourceLabel(resource)}`, "the API never returns it")}}`;
    }
    return { ...resource, properties: { ...args, adopt: resource.id } };
  });
  return { resources, inStack, secrets };
}

/** The arguments a live resource gives, before references and secrets, with its strings as manifest text. */
function liveArguments(kind: ImportKind, live: object, account: AccountSnapshot): Record<string, unknown> {
  const declaration = declarationOf(kind);
  const values = importedValues(kind, live, account);
  let args = declaration === undefined ? { keys: values.keys } : declaredArguments(declaration, values);
  const template = account.templates.find(({ id }) => id === args.templateId);
  if (template !== undefined) args = withoutTemplateSettings(args, template);
  return literalValues(args) as Record<string, unknown>;
}

/** How messages name a resource: `pod "trainer"`, `registry delegation ugvm9k4trj`. */
export function resourceLabel({ kind, id, name }: Pick<AccountResource, "kind" | "id" | "name">): string {
  const what = kinds[kind].declaration?.what ?? "account SSH keys";
  return name === undefined ? `${what} ${id}` : `${what} "${name}"`;
}
