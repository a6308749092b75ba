import type * as pulumi from "@pulumi/pulumi";
import type { Endpoint, EndpointType, FlashBoot, ServerlessEndpointInputs } from "./inputs";
import type { ResourceArgs } from "../deepInput";
import { PricedResource } from "../lifecycle/pricedResource";
import { declaredKind } from "../classKind";
import * as serverlessEndpointProvider from "./serverlessEndpoint.provider";
import { serverlessEndpoint } from "./declaration";

export type * from "./inputs";

/** The arguments of a {@link ServerlessEndpoint}. */
export type ServerlessEndpointArgs = ResourceArgs<ServerlessEndpointInputs>;

/**
 * A serverless endpoint: workers that scale between `workers.min` and `workers.max`, reached through the job API
 * (`QUEUE`: `run`, `runsync`, `status`) or directly over HTTP (`LOAD_BALANCER`). It can be made from a serverless
 * template or from container details. `type` and the compute family (`gpu` or `cpu`) replace the endpoint;
 * everything else changes in place, container changes rolling out as a new release. Deleting it removes its
 * configuration, worker logs and job history.
 *
 * @example
 * const endpoint = new cp.ServerlessEndpoint("echo", {
 *   name: "echo",
 *   type: "QUEUE",
 *   image: "org/echo-worker:1",
 *   gpu: { pools: ["ADA_24"] },
 *   workers: { min: 0, max: 3 },
 *   scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
 * });
 * export const runUrl = endpoint.requestUrls.apply((urls) => urls.run);
 */
export class ServerlessEndpoint extends PricedResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<ServerlessEndpoint>()(serverlessEndpoint, serverlessEndpointProvider);

  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<EndpointType>;
  /** For `QUEUE`: `run`, `runSync`, `status` and the other job URLs; for `LOAD_BALANCER`: `base` and `health`. */
  declare readonly requestUrls: pulumi.Output<Record<string, string>>;
  declare readonly templateId: pulumi.Output<string | undefined>;
  declare readonly image: pulumi.Output<string>;
  declare readonly args: pulumi.Output<string>;
  declare readonly disk: pulumi.Output<number>;
  declare readonly env: pulumi.Output<Record<string, string>>;
  declare readonly ports: pulumi.Output<string[]>;
  declare readonly registry: pulumi.Output<string | null>;
  /** The GPU selection; null for a CPU endpoint. */
  declare readonly gpu: pulumi.Output<Endpoint["gpu"]>;
  /** The CPU configurations with their memory; absent for a GPU endpoint. */
  declare readonly cpu: pulumi.Output<Endpoint["cpu"]>;
  declare readonly workers: pulumi.Output<Endpoint["workers"]>;
  declare readonly scaling: pulumi.Output<Endpoint["scaling"]>;
  declare readonly dataCenterIds: pulumi.Output<string[]>;
  declare readonly networkVolumes: pulumi.Output<string[]>;
  /** Per-request execution timeout in milliseconds. */
  declare readonly timeout: pulumi.Output<number>;
  declare readonly flashboot: pulumi.Output<FlashBoot>;
  declare readonly createdAt: pulumi.Output<string>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The endpoint's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: ServerlessEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
