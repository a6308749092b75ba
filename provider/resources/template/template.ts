import type * as pulumi from "@pulumi/pulumi";
import type { TemplateCategory, TemplateInputs } from "./inputs";
import type { ResourceArgs } from "../deepInput";
import { declaredKind } from "../classKind";
import { DeclaredResource } from "../lifecycle/declaredResource";
import * as templateProvider from "./template.provider";
import { template } from "./declaration";

export type * from "./inputs";

/** The arguments of a {@link Template}. */
export type TemplateArgs = ResourceArgs<TemplateInputs>;

/**
 * A reusable container configuration: pods (and serverless workers, when `serverless`) started from it with
 * `templateId` take its image, disk, ports, env, registry, persistent mount and start-up flags. Editing it
 * happens in place and never changes pods already made from it; only removing its persistent mount replaces
 * it, and the pods naming it then move to the new template in place (a running container restarts). It
 * cannot be deleted while pods made from it exist.
 *
 * @example
 * const template = new cp.Template("trainer", {
 *   name: "trainer",
 *   image: "org/trainer:1.4",
 *   ports: ["22/tcp", "8888/http"],
 *   mounts: { persistent: { size: 50, path: "/workspace" } },
 * });
 * const pod = new cp.Pod("trainer", { name: "trainer", templateId: template.id, gpu: { id: "NVIDIA L40S" } });
 */
export class Template extends DeclaredResource {
  /** What the kind registry knows of the class: its declaration and provider module. */
  static override readonly kind = declaredKind<Template>()(template, templateProvider);

  declare readonly name: pulumi.Output<string>;
  /** Container image reference. */
  declare readonly image: pulumi.Output<string>;
  /** Arguments for the container entrypoint. */
  declare readonly args: pulumi.Output<string>;
  /** Ephemeral container disk in GB. */
  declare readonly disk: pulumi.Output<number>;
  declare readonly env: pulumi.Output<Record<string, string>>;
  /** Exposed ports, each `"<port>/http"` or `"<port>/tcp"`. */
  declare readonly ports: pulumi.Output<string[]>;
  /** Id of the registry credential for a private image; null once that credential is deleted. */
  declare readonly registry: pulumi.Output<string | null>;
  declare readonly mounts: pulumi.Output<{ persistent?: { size: number; path: string } }>;
  /** Whether the template is listed in the public catalog. */
  declare readonly public: pulumi.Output<boolean>;
  /** Whether it is a template for serverless workers rather than pods. */
  declare readonly serverless: pulumi.Output<boolean>;
  declare readonly category: pulumi.Output<TemplateCategory>;
  declare readonly startSsh: pulumi.Output<boolean>;
  declare readonly startJupyter: pulumi.Output<boolean>;
  /** CUDA versions a GPU pod's host may run; empty means any. */
  declare readonly allowedCudaVersions: pulumi.Output<string[]>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The template's arguments; names are the v2 API's field names.
   * @param opts Resource options.
   */
  constructor(name: string, args: TemplateArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
