import type { InputsOf, KindName } from "../kindRegistry";

// The shape of a manifest file. `schema/manifest.json` is generated from these types, so their TSDoc is what
// editors show while a manifest is written. Inside `properties` and `outputs`, any value may also be written as a
// reference: `${volume.id}`, `${pod.ssh.proxy}`, `${config.registryPassword}`, or a string with references in it.

/** Options of one resource, as in Pulumi YAML. */
export interface ManifestResourceOptions {
  /** Refuse to delete the resource: `up` and `destroy` fail instead while it is protected. @default false */
  protect?: boolean;
  /** Resources to create before this one and delete after it, by logical name, as `volume` or `${volume}`. */
  dependsOn?: string[];
  /** Properties whose changes are ignored on `up`, for example `["image", "env.TOKEN"]`. */
  ignoreChanges?: string[];
  /** Properties whose change replaces the resource, even where the service could update it in place. */
  replaceOnChanges?: string[];
  /** Delete the old resource before creating its replacement (needed when names must be unique). @default false */
  deleteBeforeReplace?: boolean;
  /** Leave the resource in the account when it leaves the stack or the stack is destroyed. @default false */
  retainOnDelete?: boolean;
  /** Output properties to store as secrets in the stack, in addition to the ones the resource keeps secret. */
  additionalSecretOutputs?: string[];
}

/** The fields every resource entry has, whatever its type. */
interface ManifestResourceBase<Type extends string, Properties> {
  /** The resource type. */
  type: Type;
  /**
   * What the resource is for, in plain text (references are not resolved here). Its first non-blank line is the
   * resource's summary: `computeplatform validate` prints it, and `computeplatform dev` shows an endpoint's in its
   * startup table and as the operation summary in `/docs`. It is never sent to the API.
   * @pattern \S
   */
  description?: string;
  /** The resource's arguments: the v2 API's field names, exactly as the TypeScript classes take them. */
  properties: Properties;
  /** Pulumi resource options. */
  options?: ManifestResourceOptions;
}

/** A manifest's resource entry of the type `Type`, with the arguments its provider module checks. */
export type ManifestResourceOf<Type extends KindName> = ManifestResourceBase<Type, InputsOf<Type>>;

/** One resource of a manifest: an entry of any resource kind of the package. */
export type ManifestResource = { [Type in KindName]: ManifestResourceOf<Type> }[KindName];

/** The resource types a manifest can declare. */
export type ManifestResourceType = ManifestResource["type"];

/**
 * The most the whole stack may cost once a plan is applied, in USD: `computeplatform preview` and `up` fail (exit 3)
 * before any change when the plan is over it. Stack config (`computeplatform:maxHourlyCost`,
 * `computeplatform:maxMonthlyCost`) and the `--max-hourly-cost` / `--max-monthly-cost` flags override it per period.
 */
export interface ManifestBudget {
  /**
   * USD per hour; exactly at the limit passes.
   * @minimum 0
   */
  maxHourlyCost?: number;
  /**
   * USD per month of 730 hours; exactly at the limit passes.
   * @minimum 0
   */
  maxMonthlyCost?: number;
}

/**
 * A pulumi-computeplatform manifest: Compute Platform resources declared as data, deployed through the Pulumi
 * engine by `computeplatform up <manifest>` or by a program that calls `loadManifest`.
 */
export interface ManifestDocument {
  /**
   * The resources, by logical name (letters, digits, `_` and `-`, starting with a letter or `_`; `config` is
   * reserved). Other entries refer to one as `${name}` or to its outputs as `${name.field}`.
   */
  resources: Record<string, ManifestResource>;
  /** Stack outputs, by name: literal values or references such as `${pod.ssh.proxy.command}`. */
  outputs?: Record<string, unknown>;
  /** A stack budget that stops `computeplatform preview` and `up` before any change when the plan is over it. */
  budget?: ManifestBudget;
  /**
   * The stack's time to live, a duration such as `"90m"`, `"8h"` or `"3d"`: once that long has passed since the
   * stack's first deployment, `computeplatform expire` destroys the whole stack; `computeplatform preview` shows the
   * date. It takes the place of stack config `computeplatform:ttl`.
   * @pattern ^[1-9][0-9]{0,5}[mhd]$
   */
  ttl?: string;
}
