import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeepInput } from "../resources/deepInput";
import type { EndpointHealth } from "../wire/job";
import {
  type Endpoint,
  type EndpointReleases,
  type EndpointType,
  type EndpointWorkers,
  endpointTypes,
} from "../resources/serverlessEndpoint/inputs";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { matching } from "./matching";
import { parseArgs } from "./parseArgs";
import { readById } from "./readById";

/**
 * Arguments of {@link getServerlessEndpoint}, {@link getServerlessEndpointWorkers}, {@link getServerlessEndpointReleases}
 * and {@link getServerlessEndpointHealth}.
 */
export interface GetServerlessEndpointArgs {
  /** Id of one of the account's serverless endpoints. */
  id: string;
}

/** Arguments of {@link getServerlessEndpoints}. */
export interface GetServerlessEndpointsArgs {
  /** Only endpoints with exactly this name. */
  name?: string;
  /** Only endpoints of this type. */
  type?: EndpointType;
}

/** Result of {@link getServerlessEndpoints}, shaped as the v2 endpoint list. */
export interface GetServerlessEndpointsResult {
  endpoints: Endpoint[];
}

const getEndpointsArgsSchema = z.strictObject({ name: z.string().optional(), type: z.enum(endpointTypes).optional() });

/**
 * A serverless endpoint as the v2 API returns it now. Fails with a message naming the id when the account has no
 * such endpoint. The Output form is secret, because workers' `env` often holds tokens.
 *
 * @example
 * const endpoint = await cp.getServerlessEndpoint({ id: "abc123xyz0" });
 * console.log(endpoint.requestUrls);
 */
export async function getServerlessEndpoint(args: GetServerlessEndpointArgs): Promise<Endpoint> {
  return readById("getServerlessEndpoint", "endpoint", args, (id) => sharedClient().serverless.get(id));
}

/** {@link getServerlessEndpoint} taking Inputs and returning a secret Output, for use inside a Pulumi program. */
export function getServerlessEndpointOutput(args: DeepInput<GetServerlessEndpointArgs>): pulumi.Output<Endpoint> {
  return outputForm(getServerlessEndpoint, args, { secret: true });
}

/**
 * The account's serverless endpoints, optionally narrowed to one name or type.
 *
 * @example
 * const { endpoints } = await cp.getServerlessEndpoints({ type: "QUEUE" });
 */
export async function getServerlessEndpoints(args: GetServerlessEndpointsArgs = {}): Promise<GetServerlessEndpointsResult> {
  const filters = parseArgs("getServerlessEndpoints", getEndpointsArgsSchema, args);
  // The API filters nothing; name and type are matched here.
  return { endpoints: matching(await sharedClient().serverless.list(), filters) };
}

/** {@link getServerlessEndpoints} taking Inputs and returning a secret Output, for use inside a Pulumi program. */
export function getServerlessEndpointsOutput(args?: DeepInput<GetServerlessEndpointsArgs>): pulumi.Output<GetServerlessEndpointsResult> {
  return outputForm<GetServerlessEndpointsArgs, GetServerlessEndpointsResult>(getServerlessEndpoints, args, { secret: true });
}

/**
 * An endpoint's workers now, with counts by status and the endpoint version they run. Fails with a message
 * naming the id when the account has no such endpoint.
 *
 * @example
 * const { summary } = await cp.getServerlessEndpointWorkers({ id: "abc123xyz0" });
 */
export async function getServerlessEndpointWorkers(args: GetServerlessEndpointArgs): Promise<EndpointWorkers> {
  return readById("getServerlessEndpointWorkers", "endpoint", args, (id) => sharedClient().serverless.workers(id));
}

/** {@link getServerlessEndpointWorkers} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getServerlessEndpointWorkersOutput(args: DeepInput<GetServerlessEndpointArgs>): pulumi.Output<EndpointWorkers> {
  return outputForm(getServerlessEndpointWorkers, args);
}

/**
 * An endpoint's releases, newest first, and how far the newest has rolled out. Fails with a message naming the
 * id when the account has no such endpoint. The Output form is secret: a release's `diff` holds old and new
 * `env` values.
 *
 * @example
 * const { endpointVersion } = await cp.getServerlessEndpointReleases({ id: "abc123xyz0" });
 */
export async function getServerlessEndpointReleases(args: GetServerlessEndpointArgs): Promise<EndpointReleases> {
  return readById("getServerlessEndpointReleases", "endpoint", args, (id) => sharedClient().serverless.releases(id));
}

/** {@link getServerlessEndpointReleases} taking Inputs and returning a secret Output, for use inside a Pulumi program. */
export function getServerlessEndpointReleasesOutput(args: DeepInput<GetServerlessEndpointArgs>): pulumi.Output<EndpointReleases> {
  return outputForm(getServerlessEndpointReleases, args, { secret: true });
}

/**
 * A queue-based endpoint's health from the job API now: its jobs by state (`inQueue`, `inProgress`, `completed`,
 * `failed`, `retried`) and its workers by state. Fails with a message naming the id when the account has no such
 * endpoint; a load-balancing endpoint has no job queue, and is refused.
 *
 * @example
 * const { jobs, workers } = await cp.getServerlessEndpointHealth({ id: "abc123xyz0" });
 * if (jobs.inQueue > 0 && workers.ready === 0) console.log("jobs wait for a worker");
 */
export async function getServerlessEndpointHealth(args: GetServerlessEndpointArgs): Promise<EndpointHealth> {
  return readById("getServerlessEndpointHealth", "endpoint", args, (id) => sharedClient().jobs.health(id));
}

/** {@link getServerlessEndpointHealth} taking Inputs and returning an Output, for use inside a Pulumi program. */
export function getServerlessEndpointHealthOutput(args: DeepInput<GetServerlessEndpointArgs>): pulumi.Output<EndpointHealth> {
  return outputForm(getServerlessEndpointHealth, args);
}
