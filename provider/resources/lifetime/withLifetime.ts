import type * as dynamic from "@pulumi/pulumi/dynamic";
import { engineLog } from "../../engineLog";
import { sharedClient } from "../../sharedClient";
import { containsUnknown } from "../../values/unknown";
import { sameValue } from "../../values/sameValue";
import type { LifetimeEndings } from "./endings";
import { expiresAt, type LifetimeRecord } from "./expiry";
import type { LifetimeInputs } from "./inputs";
import { lifetimeOutputs, recordOf, withoutLifetimeOutputs } from "./lifetimeOutputs";
import { freshRecord, plannedRecord, renews } from "./record";

type Properties = Record<string, unknown> & { lifetime?: LifetimeInputs };

/** The provider methods of a kind whose resources may have a lifetime. */
interface Methods {
  check(olds: never, news: never): Promise<dynamic.CheckResult>;
  diff(id: string, olds: never, news: never): Promise<dynamic.DiffResult>;
  create(inputs: never): Promise<dynamic.CreateResult>;
  read(id: string, props: never): Promise<dynamic.ReadResult>;
  update(id: string, olds: never, news: never): Promise<dynamic.UpdateResult>;
}

/** What a kind's lifetime plans beside its provider's diff: what the plugin's per-property diff compares. */
export interface LifetimePlan {
  /**
   * The arguments as this plan carries out the lifetime (a resource it holds stopped with the kind's stopped
   * arguments), and the properties it deletes: `lifetime`, for a resource it terminates, which ends with it.
   */
  planned(olds: Record<string, unknown>, news: Record<string, unknown>): { news: Record<string, unknown>; deletes: string[] };
}

// Each plan by the diff it plans for: a provider module exports the provider methods and nothing else, so the
// plugin finds a kind's plan through its module's `diff`.
const plans = new WeakMap<object, LifetimePlan>();

/** The lifetime plan of a provider module, when its kind has lifetimes. */
export function lifetimePlan(provider: { diff: object }): LifetimePlan | undefined {
  return plans.get(provider.diff);
}

/**
 * A kind's provider methods, honouring each resource's `lifetime` through the kind's endings: check gives a new or
 * renewed lifetime its `expiresAt`, known at preview; create starts its record; diff and update hold a resource
 * its lifetime stopped stopped (the program's `RUNNING` no longer starts it), stop it once `stopAfter` has come,
 * and terminate it once `terminateAfter` has, keeping it in state as expired; read leaves a resource so terminated
 * in state, so that the next `up` does not create it again. A new `lifetime` renews it, and recreates a terminated
 * one.
 */
export function withLifetime<M extends Methods>(methods: M, endings: LifetimeEndings): M {
  const kind = methods as unknown as {
    check(olds: Properties, news: Properties): Promise<dynamic.CheckResult<Properties>>;
    diff(id: string, olds: Properties, news: Properties): Promise<dynamic.DiffResult>;
    create(inputs: Properties): Promise<dynamic.CreateResult<Properties>>;
    read(id: string, props?: Properties): Promise<dynamic.ReadResult<Properties>>;
    update(id: string, olds: Properties, news: Properties): Promise<dynamic.UpdateResult<Properties>>;
  };
  const plan = (olds: Properties, news: Properties) =>
    plannedRecord(recordOf(olds), news.lifetime, endings.stop?.startedBy(olds, news) ?? false, serverNow());
  const held = (news: Properties, record: LifetimeRecord): Properties =>
    record.endedBy === "stop" && endings.stop !== undefined ? endings.stop.held(news) : news;

  const lifetimeMethods = {
    ...methods,

    async check(olds: Properties, news: Properties): Promise<dynamic.CheckResult<Properties>> {
      const result = await kind.check(olds, withoutPlannedExpiry(news));
      const lifetime = result.inputs?.lifetime;
      if (result.inputs === undefined || lifetime === undefined || containsUnknown(lifetime)) return result;
      // Counted from the service's time for a new or renewed lifetime; what an earlier check said stands while the
      // lifetime does, so that it never makes a diff by itself.
      const planned = renews(recordOf(olds), lifetime) ? expiresAt(freshRecord(lifetime, serverNow())) : olds.expiresAt;
      return planned === undefined ? result : { ...result, inputs: { ...result.inputs, expiresAt: planned } };
    },

    async diff(id: string, olds: Properties, news: Properties): Promise<dynamic.DiffResult> {
      if (!hasLifetime(olds, news)) return kind.diff(id, olds, withoutPlannedExpiry(news));
      const { record, due } = plan(olds, news);
      const renewed = renews(recordOf(olds), news.lifetime);
      // Terminated, or stopped while the program asks it to run: the lifetime keeps it so.
      const keptEnded = record.endedBy === "terminate" || (record.endedBy === "stop" && !sameValue(held(news, record), news));
      if (keptEnded && due === undefined && !renewed) sayExpired(olds, record);
      // `lifetime` is compared here, against the record: the kind compares the rest, as its lifetime holds it.
      const result = await kind.diff(id, withoutLifetimeOutputs(olds), kindArguments(held(news, record)));
      if (!renewed && due === undefined) return result;
      const recreates = recordOf(olds).endedBy === "terminate";
      return {
        ...result,
        changes: true,
        replaces: [...(result.replaces ?? []), ...(recreates ? ["lifetime"] : [])],
      };
    },

    async create(inputs: Properties): Promise<dynamic.CreateResult<Properties>> {
      const result = await kind.create(kindArguments(inputs));
      if (inputs.lifetime === undefined) return result;
      return { ...result, outs: { ...result.outs, ...lifetimeOutputs(freshRecord(inputs.lifetime, serverNow())) } };
    },

    async read(id: string, props?: Properties): Promise<dynamic.ReadResult<Properties>> {
      const record = recordOf(props ?? {});
      // Terminated by its lifetime: kept in state as expired until `lifetime` changes.
      if (record.endedBy === "terminate") return { id, props };
      const result = await kind.read(id, props === undefined ? undefined : withoutLifetimeOutputs(props));
      if (!result.id || record.lifetime === undefined) return result;
      return {
        ...result,
        props: { ...result.props, ...lifetimeOutputs(record) },
        ...(result.inputs === undefined ? {} : { inputs: { ...result.inputs, lifetime: record.lifetime } }),
      };
    },

    async update(id: string, olds: Properties, news: Properties): Promise<dynamic.UpdateResult<Properties>> {
      if (!hasLifetime(olds, news)) return kind.update(id, olds, withoutPlannedExpiry(news));
      const { record, due } = plan(olds, news);
      if (record.endedBy === "terminate") {
        const ended = due === undefined ? {} : await endings.end(sharedClient(), id, "terminate");
        return { outs: { ...withoutLifetimeOutputs(olds), ...ended, ...lifetimeOutputs(record) } };
      }
      const result = await kind.update(id, withoutLifetimeOutputs(olds), kindArguments(held(news, record)));
      // A lifetime renewed or started counts from the service's time, known once the update has had its answers.
      const counted = due === undefined ? plan(olds, news).record : record;
      const { desiredStatus } = news;
      return {
        ...result,
        outs: { ...result.outs, ...(desiredStatus === undefined ? {} : { desiredStatus }), ...lifetimeOutputs(counted) },
      };
    },
  };
  plans.set(lifetimeMethods.diff, {
    planned(olds: Properties, news: Properties) {
      if (!hasLifetime(olds, news)) return { news, deletes: [] };
      const { record, due } = plan(olds, news);
      return { news: held(news, record), deletes: due?.action === "terminate" ? ["lifetime"] : [] };
    },
  });
  return lifetimeMethods as unknown as M;

  /** Says, in the update's output, why a resource its lifetime ended is left as it is. */
  function sayExpired(olds: Properties, record: LifetimeRecord): void {
    const stays = record.endedBy === "terminate" ? "stays terminated" : "stays stopped";
    engineLog(
      `${endings.what} "${String(olds.name)}": expired at ${record.endedAt ?? "an earlier run"}, ${stays}; change \`lifetime\` to renew`,
    );
  }
}

/** The service's time, by which lifetimes count (as `computeplatform expire` counts them); ours before any answer. */
function serverNow(): number {
  return sharedClient().serverNow();
}

/** Whether the resource had a lifetime or is given one: only then is there anything to honour or to record. */
function hasLifetime(olds: Properties, news: Properties): boolean {
  return olds.lifetime !== undefined || news.lifetime !== undefined;
}

/** The arguments without the `expiresAt` check planned, which only shows at preview. */
function withoutPlannedExpiry(news: Properties): Properties {
  const { expiresAt: _planned, ...rest } = news;
  return rest;
}

/** The arguments as the kind's own methods take them: the lifetime is the wrapper's alone, never the API's. */
function kindArguments(news: Properties): Properties {
  const { lifetime: _lifetime, ...rest } = withoutPlannedExpiry(news);
  return rest;
}
