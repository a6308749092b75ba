import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import { type Pod, type PodStatus, podStatuses } from "../resources/pod/inputs";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { matching } from "./matching";
import { parseArgs } from "./parseArgs";
import { readOne } from "./readOne";

/** Arguments of {@link getPod}. */
export interface GetPodArgs {
  /** Id of an existing pod of the account. */
  id: string;
}

/** Arguments of {@link getPods}. Every filter is optional; together they narrow the list. */
export interface GetPodsArgs {
  /** Only pods with exactly this name. */
  name?: string;
  /** Only pods in this status when the list is read. */
  status?: PodStatus;
  /** Also list the pods that are members of clusters. @default false */
  includeClusterPods?: boolean;
}

/** Result of {@link getPods}, shaped as the v2 pod list. */
export interface GetPodsResult {
  /** The matching pods, in the order the API lists them. */
  pods: Pod[];
}

const getPodArgsSchema = z.strictObject({ id: z.string().min(1) });
const getPodsArgsSchema = z.strictObject({
  name: z.string().optional(),
  status: z.enum(podStatuses).optional(),
  includeClusterPods: z.boolean().optional(),
});

/**
 * An existing pod, as the v2 API returns it now. Fails with a message naming the id when the account has
 * no such pod. `env` holds the pod's environment in plain text: wrap it in `pulumi.secret` before exporting it.
 *
 * @example
 * const pod = await cp.getPod({ id: "k3v9q2m7xw" });
 */
export async function getPod(args: GetPodArgs): Promise<Pod> {
  const { id } = parseArgs("getPod", getPodArgsSchema, args);
  return readOne(sharedClient().pods.get(id), `getPod: the account has no pod with id "${id}"`);
}

/**
 * {@link getPod} taking Inputs and returning an Output, for use inside a Pulumi program. The Output is secret,
 * because `env` holds secrets (the service injects `JUPYTER_PASSWORD`, and programs put tokens there); take
 * the fields you need with `apply` and `pulumi.unsecret` those that are not secret.
 */
export function getPodOutput(args: DeepInput<GetPodArgs>): pulumi.Output<Pod> {
  return outputForm<GetPodArgs, Pod>(getPod, args, { secret: true });
}

/**
 * The account's pods, as the v2 API lists them now, optionally narrowed by name and status.
 * `env` holds each pod's environment in plain text: wrap it in `pulumi.secret` before exporting it.
 *
 * @example
 * const { pods } = await cp.getPods({ name: "trainer", status: "RUNNING" });
 */
export async function getPods(args: GetPodsArgs = {}): Promise<GetPodsResult> {
  const { name, status, includeClusterPods } = parseArgs("getPods", getPodsArgsSchema, args);
  // The API filters only cluster membership; name and status are matched here.
  const listed = await sharedClient().pods.list({ includeClusterPods });
  return { pods: matching(listed, { name, status }) };
}

/**
 * {@link getPods} taking Inputs and returning an Output, for use inside a Pulumi program. Secret, as
 * {@link getPodOutput} is, because of `env`.
 */
export function getPodsOutput(args?: DeepInput<GetPodsArgs>): pulumi.Output<GetPodsResult> {
  return outputForm<GetPodsArgs, GetPodsResult>(getPods, args, { secret: true });
}
