import type * as dynamic from "@pulumi/pulumi/dynamic";
import { engineLog } from "../../placement/engineLog";
import { sharedClient } from "../../sharedClient";
import { unlessNotFound } from "../unlessNotFound";
import type { LifetimeRecord } from "./expiry";
import type { LifetimeInputs } from "./inputs";
import { lifetimeOutputs, recordOf, withoutLifetimeOutputs } from "./lifetimeOutputs";
import { freshRecord, plannedRecord, renews } from "./record";

type Properties = Record<string, unknown> & { lifetime?: LifetimeInputs; desiredStatus?: string };

/** A diff, with the properties it changes in place where the kind's names them (the plugin's per-property diff). */

/** The provider methods of a kind whose resources may have a lifetime. */
interface Methods {
  diff(id: string, olds: never, news: never): Promise<dynamic.DiffResult>;
  create(inputs: never): Promise<dynamic.CreateResult>;
  read(id: string, props: never): Promise<dynamic.ReadResult>;
  update(id: string, olds: never, news: never): Promise<dynamic.UpdateResult>;
}

/**
 * A pod's provider methods, honouring its `lifetime`: create starts its record; diff and update hold a pod that
 * its lifetime stopped stopped (the program's `RUNNING` no longer starts it), stop it once `stopAfter` has come, and
 * terminate it once `terminateAfter` has, keeping it in state as expired; read leaves a pod so terminated in state,
 * so that the next `up` does not create it again. A new `lifetime` renews it, and recreates a terminated pod.
 */
export function podLifetime<M extends Methods>(methods: M): M {
  const kind = methods as unknown as {
    diff(id: string, olds: Properties, news: Properties): Promise<dynamic.DiffResult>;
    create(inputs: Properties): Promise<dynamic.CreateResult<Properties>>;
    read(id: string, props?: Properties): Promise<dynamic.ReadResult<Properties>>;
    update(id: string, olds: Properties, news: Properties): Promise<dynamic.UpdateResult<Properties>>;
  };
  const plan = (olds: Properties, news: Properties) =>
    plannedRecord(recordOf(olds), news.lifetime, olds.desiredStatus === "EXITED" && news.desiredStatus === "RUNNING", serverNow());
  const held = (news: Properties, record: LifetimeRecord): Properties =>
    record.endedBy === "stop" ? { ...news, desiredStatus: "EXITED" } : news;

  const lifetimeMethods = {
    ...methods,

    async diff(id: string, olds: Properties, news: Properties): Promise<dynamic.DiffResult> {
      if (!hasLifetime(olds, news)) return kind.diff(id, olds, news);
      const { record, due } = plan(olds, news);
      const renewed = renews(recordOf(olds), news.lifetime);
      const keptEnded = record.endedBy === "terminate" || (record.endedBy === "stop" && news.desiredStatus === "RUNNING");
      if (keptEnded && due === undefined && !renewed) sayExpired(olds, record);
      // `lifetime` is compared here, against the record: the kind compares the rest, as its lifetime holds the pod.
      const { lifetime: _compared, ...others } = held(news, record);
      const result = await kind.diff(id, withoutLifetimeOutputs(olds), others);
      if (!renewed && due === undefined) return result;
      const recreates = recordOf(olds).endedBy === "terminate";
      return {
        ...result,
        changes: true,
        replaces: [...(result.replaces ?? []), ...(recreates ? ["lifetime"] : [])],
      };
    },

    async create(inputs: Properties): Promise<dynamic.CreateResult<Properties>> {
      const result = await kind.create(inputs);
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
      if (!hasLifetime(olds, news)) return kind.update(id, olds, news);
      const { record, due } = plan(olds, news);
      if (record.endedBy === "terminate") {
        if (due !== undefined) await unlessNotFound(() => sharedClient().pods.action(id, "terminate"));
        return { outs: { ...olds, status: "TERMINATED", actions: [], cost: 0, ...lifetimeOutputs(record) } };
      }
      const result = await kind.update(id, withoutLifetimeOutputs(olds), held(news, record));
      // A lifetime renewed or started counts from the service's time, known once the update has had its answers.
      const counted = due === undefined ? plan(olds, news).record : record;
      return { ...result, outs: { ...result.outs, desiredStatus: news.desiredStatus, ...lifetimeOutputs(counted) } };
    },
  };
  return lifetimeMethods as unknown as M;
}

/** The service's time, by which lifetimes count (as `computeplatform expire` counts them); ours before any answer. */
function serverNow(): number {
  return sharedClient().serverNow();
}

/** Whether the resource had a lifetime or is given one: only then is there anything to honour or to record. */
function hasLifetime(olds: Properties, news: Properties): boolean {
  return olds.lifetime !== undefined || news.lifetime !== undefined;
}

/** Says, in the update's output, why a pod its lifetime ended is left as it is. */
function sayExpired(olds: Properties, record: LifetimeRecord): void {
  const stays = record.endedBy === "terminate" ? "stays terminated" : "stays stopped";
  engineLog(`pod "${String(olds.name)}": expired at ${record.endedAt ?? "an earlier run"}, ${stays}; change \`lifetime\` to renew`);
}
