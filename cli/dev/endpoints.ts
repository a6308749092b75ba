import { descriptionSummary, type ValidatedManifest } from "../../provider/manifest";
import type { EndpointType } from "../../provider/resources/serverlessEndpoint/inputs";

/** A serverless endpoint of the manifest, as the gateway routes it. */
export interface DevEndpoint {
  /** Its resource name in the manifest: the first segment of its routes. */
  name: string;
  type: EndpointType;
  /** The first line of its `description`, when it has one. */
  summary?: string;
}

/** The serverless endpoints of a manifest, in the manifest's order. */
export function devEndpoints(manifest: ValidatedManifest): DevEndpoint[] {
  return manifest.resources
    .filter((resource) => resource.type === "ServerlessEndpoint")
    .map((resource) => {
      const summary = descriptionSummary(resource.description);
      return {
        name: resource.name,
        type: resource.properties.type === "LOAD_BALANCER" ? "LOAD_BALANCER" : "QUEUE",
        ...(summary === undefined ? {} : { summary }),
      };
    });
}

/** The route a user calls first: `POST /{name}/runsync` for a queue, `POST /{name}/{route}` for a load balancer. */
export function mainRoute({ name, type }: DevEndpoint): string {
  return type === "QUEUE" ? `POST /${name}/runsync` : `POST /${name}/{route}`;
}
