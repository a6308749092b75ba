import type { ValidatedManifest, ValidatedResource } from "../../provider/manifest";
import type { LiveCache } from "./cache";
import { ConcurrencyLimit } from "./limit";
import { liveKind, liveName, sealSecrets, secretProperties, unsealSecrets } from "./liveKinds";
import { type LiveResource, readsSecret, resolveValue } from "./liveValues";
import { SecretMask } from "./secretMask";
import type { ConfigValue } from "./stackConfig";
import { UserError } from "../../provider/errors";

/** How many resources are created or updated at once. */
export const MAX_CONCURRENT_DEPLOYS = 3;

/** Where a resource of the manifest stands in this session. */
export type LiveState = "not deployed" | "deploying" | "ready" | "failed";

/** What the deployer needs from around it. */
export interface DeployerContext {
  /** The manifest in force now; reloads swap it. */
  manifest(): ValidatedManifest;
  cache: LiveCache;
  /** The value of a `${config.<key>}` reference. */
  config(key: string): Promise<ConfigValue>;
  log(line: string): void;
}

/**
 * Deploys the resources of a manifest as temporary `live-` resources through the providers `up` uses, and keeps
 * them matching the manifest: each resource once however many calls ask for it together (single flight), at most
 * {@link MAX_CONCURRENT_DEPLOYS} at a time, what it references first. A cached resource is checked once per
 * session and re-created when it was deleted elsewhere; a changed one is updated in place when its provider can.
 */
export class LiveDeployer {
  private readonly inFlight = new Map<string, Promise<LiveResource>>();
  /** Resources known live in this session, with the checked inputs they match. */
  private readonly confirmed = new Map<string, { inputs: string; live: LiveResource }>();
  private readonly deploying = new Set<string>();
  private readonly failures = new Map<string, string>();
  private readonly slots = new ConcurrencyLimit(MAX_CONCURRENT_DEPLOYS);
  /** The secrets of stack config read so far: what the deployer says and the errors it throws are shown through it. */
  readonly mask = new SecretMask();

  constructor(private readonly context: DeployerContext) {}

  state(name: string): LiveState {
    if (this.deploying.has(name)) return "deploying";
    if (this.failures.has(name)) return "failed";
    return this.confirmed.has(name) || this.context.cache.get(name) ? "ready" : "not deployed";
  }

  /** Why the last deployment of `name` failed, while its state is "failed". */
  failure(name: string): string | undefined {
    return this.failures.get(name);
  }

  /** The live resource for `name`, deployed or brought up to date first when needed. */
  ensure(name: string): Promise<LiveResource> {
    const running = this.inFlight.get(name);
    if (running) return running;
    const done = this.bringUpToDate(name).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, done);
    return done;
  }

  /** Like {@link ensure}, but reads the resource back first: for when a call suggests it is gone. */
  recheck(name: string): Promise<LiveResource> {
    if (!this.inFlight.has(name)) this.confirmed.delete(name);
    return this.ensure(name);
  }

  private async bringUpToDate(name: string): Promise<LiveResource> {
    const resource = this.context.manifest().resources.find((candidate) => candidate.name === name);
    if (resource === undefined) throw new UserError(`the manifest has no resource "${name}"`);
    try {
      const kind = liveKind(resource.type, name);
      const dependencies = await Promise.all(
        resource.dependencies.map(async (dependency) => [dependency, await this.ensure(dependency)] as const),
      );
      const properties = (await resolveValue(resource.properties, new Map(dependencies), (key) => this.config(key))) as Record<
        string,
        unknown
      >;
      const checked = await kind.provider.check({}, { ...properties, name: liveName(String(properties.name ?? name)) });
      if (checked.failures?.length)
        throw new UserError(checked.failures.map(({ property, reason }) => `${property}: ${reason}`).join("; "));
      const inputs = checked.inputs as Record<string, unknown>;
      const fingerprint = JSON.stringify(inputs);
      const known = this.confirmed.get(name);
      if (known?.inputs === fingerprint) return known.live;
      const live = await this.slots.run(() => this.apply(resource, inputs, known?.live));
      this.confirmed.set(name, { inputs: fingerprint, live });
      this.failures.delete(name);
      return live;
    } catch (error) {
      this.failures.set(name, this.mask.text((error as Error).message));
      throw error;
    }
  }

  /**
   * Creates, updates or re-creates the live resource so that it matches `inputs`. `confirmed` is the resource as this
   * session last deployed or read it; without it, the cache's entry is read back first, since the cache holds only
   * digests of secrets.
   */
  private async apply(
    resource: ValidatedResource,
    inputs: Record<string, unknown>,
    confirmed: LiveResource | undefined,
  ): Promise<LiveResource> {
    const { name, type } = resource;
    const { provider } = liveKind(type, name);
    const secrets = this.secretsOf(resource);
    const cached = this.context.cache.get(name);
    this.deploying.add(name);
    try {
      if (cached === undefined || cached.type !== type) {
        if (cached) await this.remove(name, cached.id, cached.outputs, `its type changed to ${type}`);
        return await this.create(resource, inputs);
      }
      let olds = confirmed?.outputs ?? unsealSecrets(secrets, cached.outputs, inputs);
      if (confirmed === undefined) {
        const read = await provider.read(cached.id, olds as never);
        if (read.id === "") {
          this.context.cache.delete(name);
          this.log(`${name}: ${String(inputs.name)} (${cached.id}) was deleted elsewhere; deploying it again`);
          return await this.create(resource, inputs);
        }
        const { name: nameNow } = read.props as Record<string, unknown>;
        if (nameNow !== cached.outputs.name) {
          // Renamed elsewhere: no longer the live- resource dev made, so it is not dev's to change.
          this.context.cache.delete(name);
          this.log(
            `${name}: ${cached.id} is now named ${JSON.stringify(nameNow)}, not ${String(cached.outputs.name)}; left alone, deploying a new one`,
          );
          return await this.create(resource, inputs);
        }
        olds = { ...olds, ...(read.props as Record<string, unknown>) };
      }
      const diff = await provider.diff(cached.id, olds as never, inputs as never);
      if (diff.changes === false) {
        // Rewritten as this version seals it: a cache of an earlier version may hold secrets in clear.
        this.context.cache.set(name, { type, id: cached.id, outputs: sealSecrets(secrets, olds) });
        return { id: cached.id, outputs: olds };
      }
      if ((diff.replaces ?? []).length > 0 || provider.update === undefined) {
        await this.remove(name, cached.id, olds, `${(diff.replaces ?? []).join(", ") || "a change"} cannot change in place`);
        return await this.create(resource, inputs);
      }
      const { outs = {} } = await provider.update(cached.id, olds as never, inputs as never);
      this.context.cache.set(name, { type, id: cached.id, outputs: sealSecrets(secrets, outs) });
      this.log(`${name}: updated ${String(inputs.name)} (${cached.id}) in place`);
      return { id: cached.id, outputs: outs };
    } finally {
      this.deploying.delete(name);
    }
  }

  private async create(resource: ValidatedResource, inputs: Record<string, unknown>): Promise<LiveResource> {
    const { name, type } = resource;
    this.log(`${name}: deploying ${String(inputs.name)}`);
    const { id, outs = {} } = await liveKind(type, name).provider.create(inputs as never);
    this.context.cache.set(name, { type, id, outputs: sealSecrets(this.secretsOf(resource), outs) });
    this.log(`${name}: ${String(inputs.name)} is ready (${type} ${id})`);
    return { id, outputs: outs };
  }

  private async remove(name: string, id: string, outputs: Record<string, unknown>, reason: string): Promise<void> {
    const { provider } = liveKind(this.context.cache.get(name)!.type, name);
    this.log(`${name}: deleting ${id} first: ${reason}`);
    await provider.delete(id, outputs as never);
    this.context.cache.delete(name);
  }

  /** A value of stack config; a secret one is masked from now on. */
  private async config(key: string): Promise<string> {
    const { value, secret } = await this.context.config(key);
    if (secret) this.mask.add(value);
    return value;
  }

  private log(line: string): void {
    this.context.log(this.mask.text(line));
  }

  /**
   * The properties of `resource` that the cache keeps only as digests: its kind's secrets, and each property whose
   * value reads stack config or a secret of another resource, however many references away.
   */
  private secretsOf({ name, type, properties }: ValidatedResource): string[] {
    const resources = this.context.manifest().resources;
    const secretOutput = (root: string, output: string): boolean => {
      const referenced = resources.find((candidate) => candidate.name === root);
      return referenced !== undefined && this.secretsOf(referenced).includes(output);
    };
    return secretProperties(
      liveKind(type, name),
      Object.keys(properties).filter((property) => readsSecret(properties[property]!, secretOutput)),
    );
  }
}
