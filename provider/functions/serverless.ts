import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { NotFoundError } from "../client/errors";
import type { DeepInput } from "../resources/deepInput";
import { type Endpoint, type EndpointType, endpointTypes } from "../schemas/serverlessEndpoint";
import { sharedClient } from "../sharedClient";
import { outputForm } from "./outputForm";
import { parseArgs } from "./parseArgs";

/** Arguments of {@link getServerlessEndpoint}. */
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

const getEndpointArgsSchema = z.strictObject({ id: z.string().min(1) });
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
  const { id } = parseArgs("getServerlessEndpoint", getEndpointArgsSchema, args);
  try {
    return await sharedClient().serverless.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new Error(`getServerlessEndpoint: there is no endpoint with id "${id}"`);
    throw error;
  }
}

/** {@link getServerlessEndpoint} taking Inputs and returning a secret Output, for use inside a Pulumi program. */
export function getServerlessEndpointOutput(args: DeepInput<GetServerlessEndpointArgs>): pulumi.Output<Endpoint> {
  return pulumi.secret(outputForm(getServerlessEndpoint, args));
}

/**
 * The account's serverless endpoints, optionally narrowed to one name or type.
 *
 * @example
 * const { endpoints } = await cp.getServerlessEndpoints({ type: "QUEUE" });
 */
export async function getServerlessEndpoints(args: GetServerlessEndpointsArgs = {}): Promise<GetServerlessEndpointsResult> {
  const { name, type } = parseArgs("getServerlessEndpoints", getEndpointsArgsSchema, args);
  const endpoints = await sharedClient().serverless.list();
  return {
    endpoints: endpoints.filter((endpoint) => (name === undefined || endpoint.name === name) && (type === undefined || endpoint.type === type)),
  };
}

/** {@link getServerlessEndpoints} taking Inputs and returning a secret Output, for use inside a Pulumi program. */
export function getServerlessEndpointsOutput(args?: DeepInput<GetServerlessEndpointsArgs>): pulumi.Output<GetServerlessEndpointsResult> {
  return pulumi.secret(outputForm<GetServerlessEndpointsArgs, GetServerlessEndpointsResult>(getServerlessEndpoints, args));
}
