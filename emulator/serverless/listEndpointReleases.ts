import { callerOf } from "../http/auth";
import { arrayOf, boolean, integer, nullable, object, ownResource, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { idParam } from "../http/routing";
import { ownedEndpoint } from "../ownership";
import { endpointId } from "./parameters";
import { endpointVersion, releasesOf, workersOf } from "./workers";

/**
 * `GET /v2/serverless/{id}/releases`: list an endpoint's releases, newest first;
 * answers 403, 404 as `spec.errors` says.
 */
export const listEndpointReleases: Operation = {
  method: "GET",
  path: "/serverless/{id}/releases",
  spec: {
    operationId: "listEndpointReleases",
    summary: "List an endpoint's releases, newest first",
    parameters: [endpointId],
    ok: {
      status: 200,
      description: "The releases and the rollout",
      schema: object({
        endpointVersion: nullable(integer),
        rollout: object({ inProgress: boolean, workersOnLatest: integer, workersTotal: integer, percentOnLatest: integer }),
        releases: arrayOf(ref("Release")),
      }),
    },
    errors: ownResource("endpoint", "read"),
  },
  async handle(context, request) {
    const { store, options } = context;
    const endpoint = ownedEndpoint(store, callerOf(request), idParam(request));
    const current = workersOf(endpoint, options.timings, context.now());
    return {
      endpointVersion: endpointVersion(endpoint),
      rollout: {
        inProgress: false,
        workersOnLatest: current.length,
        workersTotal: current.length,
        percentOnLatest: current.length === 0 ? 0 : 100,
      },
      releases: releasesOf(endpoint, current),
    };
  },
};
