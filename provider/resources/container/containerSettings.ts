import { z } from "zod";
import { port } from "./containerRules";
import { inPlace } from "../lifecycle/declaration";

/**
 * The container settings a `Pod`, a `Template` and a `ServerlessEndpoint` share: their arguments, their
 * validators, their fates, their outputs and what the API returns of them. A pod or an endpoint made from a
 * template gets the template's for those it leaves out.
 */
export interface ContainerSettingsInputs {
  /** Container image reference, for example `"org/trainer:1.4"`. Required unless `templateId` is set, which supplies it. */
  image?: string;
  /** Arguments for the container entrypoint. @default "" */
  args?: string;
  /**
   * Ephemeral disk of each container in GB, wiped on restart. Minimum 1.
   * @TJS-type integer
   * @minimum 1
   * @default 20
   */
  disk?: number;
  /** Environment variables. A secret in state, as an argument and as an output. @default {} */
  env?: Record<string, string>;
  /**
   * Exposed ports, each `"<port>/http"` or `"<port>/tcp"` with a port from 1 to 65535.
   * @TJS-type array
   * @items.type string
   * @items.pattern ^([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])/(http|tcp)$
   * @default []
   */
  ports?: string[];
  /** Id of one of the account's container registry credentials (a `Registry`), for a private image. @default null */
  registry?: string | null;
}

/** The validators of the settings, to spread into a kind's `z.strictObject`. */
export const containerSettingsInputs = {
  image: z.string().optional(),
  args: z.string().optional(),
  disk: z.int().min(1).optional(),
  env: z.record(z.string(), z.string()).optional(),
  ports: z.array(port).optional(),
  registry: z.string().min(1).nullable().optional(),
};

/** The settings of a container made without a template, where the arguments leave them out. */
export const containerDefaults = { args: "", disk: 20, ports: [], registry: null } as const;

/**
 * The arguments of a container made without a template, with {@link containerDefaults} where they leave a setting
 * out, but for those the service chooses (a pod's disk). Fills only what is absent, so it is safe on arguments that
 * still hold unknown preview values.
 */
export function withContainerDefaults<Inputs extends ContainerSettingsInputs>(
  inputs: Inputs,
  serviceChooses: readonly (keyof typeof containerDefaults)[] = [],
): Inputs {
  const absent = Object.entries(containerDefaults).filter(
    ([name]) => !serviceChooses.includes(name as keyof typeof containerDefaults) && inputs[name as keyof Inputs] == null,
  );
  return { ...inputs, ...Object.fromEntries(absent.map(([name, value]) => [name, structuredClone(value)])) };
}

/** Each setting changes in place. `env` typically carries tokens (HF_TOKEN), so it never reaches state in plain text. */
export const containerSettingsFields = {
  image: inPlace(),
  args: inPlace(),
  disk: inPlace(),
  env: inPlace({ default: {}, secret: "inputAndOutput" }),
  ports: inPlace(),
  registry: inPlace(),
} as const;

/** The outputs that report the settings. */
export const containerSettingsOutputs = ["image", "args", "disk", "env", "ports", "registry"] as const;

/** The settings as the API returns them, to spread into a kind's wire schema. */
export const containerSettingsSchema = {
  image: z.string(),
  args: z.string(),
  disk: z.int(),
  env: z.record(z.string(), z.string()),
  ports: z.array(z.string()),
  registry: z.string().nullable(),
};
