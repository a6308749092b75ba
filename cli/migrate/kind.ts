import type { ManifestResource } from "../../provider/manifest/document";
import type { MigrationCatalog } from "./catalog";
import type { V1Fields } from "./fields";

/** The kinds of v1 object the migration converts, by the word used in logical names. */
export type KindWord = "registry" | "volume" | "template" | "pod" | "endpoint";

/** A request to read a value from stack config instead of the manifest. */
export interface ConfigRequest {
  /** Why, e.g. `password is read from stack config, never written to the manifest`. */
  reason: string;
  /** What to type in place of the value in the `pulumi config set` command, e.g. `<password>`. */
  placeholder: string;
  /** Whether to set it with `--secret`. */
  secret: boolean;
}

/** What converting one v1 object can see and do beyond its own fields. */
export interface ConversionContext {
  /** The resource's logical name in the manifest. */
  readonly logicalName: string;
  /** The v1 `name`; else the name v1 gives an object created without one; else the logical name. */
  readonly displayName: string;
  /** The v1 id of an object from a list or get response, which the resource adopts; undefined for a request body. */
  readonly id: string | undefined;
  /** What the v2 catalog holds that v1 objects leave implicit. */
  readonly catalog: MigrationCatalog;
  /** Reports a value that is not carried over as it was. */
  warn(message: string): void;
  /** `${name.id}` of the input's resource of `kind` whose v1 id is `id`, or `id` itself when the input has none. */
  reference(kind: KindWord, id: string): string;
  /** A `${config.key}` reference, and a note telling the user how to set that key. `what` names the key's tail. */
  fromConfig(what: string, request: ConfigRequest): string;
}

/** How one kind of v1 object is recognised and becomes a manifest resource. */
export interface V1Kind<Resource extends ManifestResource = ManifestResource> {
  word: KindWord;
  /** What the kind is called in messages, e.g. `network volume`. */
  noun: string;
  /** The list name used in messages, e.g. `pods` in `pods[0] (name "trainer")`. */
  plural: string;
  /** Keys of a wrapper object whose contents are of this kind, in lower case without punctuation: `networkvolumes`. */
  groupNames: readonly string[];
  /** The fields of the kind's v1 create and update bodies and of its responses that are not {@link readOuts}. */
  fields: readonly string[];
  /** Response fields that report state or cost rather than a setting: dropped without a warning. */
  readOuts: readonly string[];
  /** The name v1 gives an object created without one. */
  defaultName?: string;
  /** Why an object is left out of the manifest altogether, e.g. a pod that is a serverless worker. */
  skipReason?(fields: V1Fields): string | undefined;
  convert(fields: V1Fields, context: ConversionContext): Resource;
}

/** Every field a v1 object of the kind can have: its settings and identity, and its read-outs. */
export function knownFields(kind: V1Kind): readonly string[] {
  return [...kind.fields, ...kind.readOuts];
}
