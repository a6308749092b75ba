import { isV1Object, type V1Object } from "./fields";
import { knownFields, type V1Kind } from "./kind";
import { V1_KINDS } from "./kinds";
import { registries } from "./registries";
import { pods } from "./pods";
import { templates } from "./templates";
import type { MigrationWarning } from "./warnings";

/** One object of the input and the kind it was recognised as. */
export interface RecognisedObject {
  kind: V1Kind;
  object: V1Object;
  /** How messages name it: the kind's list name, its index among the input's objects of that kind, its v1 name. */
  subject: string;
}

/**
 * Finds the v1 objects in a JSON value and tells each one's kind from its fields:
 *
 * - An array (a v1 list response, or any mix) is searched item by item, nested arrays included.
 * - An object none of whose fields is a v1 field, and whose values are all arrays or objects, is a wrapper such as
 *   `{"pods": [...], "templates": [...]}`: each value is searched, and a key naming a kind (`pods`, `endpoints`,
 *   `serverless`, `templates`, `networkVolumes`, `registries`, `containerRegistryAuth`, singular or plural, any
 *   case) says what its objects are when their fields leave it open.
 * - Any other object is a v1 object. Its kind is the one whose v1 fields (create and update bodies and responses
 *   together) include all of its v1 fields; fields no v1 kind has are left out of that test (and reported later).
 *   When several kinds qualify: the kind named by the enclosing key; else a registry when the only fields are
 *   `id` and `name` (a registry list item); else a template when the choice is pod or template, since a v1 pod
 *   body names its GPU type, CPU flavor or template, which a template has no field for. Otherwise it is skipped
 *   with a warning, as is an object with fields of several kinds or of none.
 */
export function recognise(input: unknown): { objects: RecognisedObject[]; warnings: MigrationWarning[] } {
  const objects: RecognisedObject[] = [];
  const warnings: MigrationWarning[] = [];
  const counts = new Map<V1Kind, number>();
  const skip = (path: string, message: string) => warnings.push({ level: "warning", subject: path, message });

  const visit = (value: unknown, path: string, named: V1Kind | undefined): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`, named));
      return;
    }
    if (!isV1Object(value)) {
      skip(path, "is not a JSON object; skipped");
      return;
    }
    const known = Object.keys(value).filter((field) => V1_KINDS.some((kind) => knownFields(kind).includes(field)));
    if (known.length === 0) {
      const entries = Object.entries(value);
      if (entries.length > 0 && entries.every(([, item]) => Array.isArray(item) || isV1Object(item))) {
        for (const [key, item] of entries) visit(item, childPath(path, key), kindNamed(key) ?? named);
      } else {
        skip(path, `has no field of a v1 ${orList(V1_KINDS.map((kind) => kind.noun))}; skipped`);
      }
      return;
    }
    const candidates = V1_KINDS.filter((kind) => known.every((field) => knownFields(kind).includes(field)));
    const kind = choose(candidates, known, named);
    if (kind === undefined) {
      skip(path, candidates.length === 0 ? mixedKinds(known) : ambiguous(candidates));
      return;
    }
    const index = counts.get(kind) ?? 0;
    counts.set(kind, index + 1);
    const name = typeof value.name === "string" && value.name !== "" ? ` (name ${JSON.stringify(value.name)})` : "";
    objects.push({ kind, object: value, subject: `${kind.plural}[${index}]${name}` });
  };

  visit(input, "$", undefined);
  return { objects, warnings };
}

function choose(candidates: V1Kind[], known: string[], named: V1Kind | undefined): V1Kind | undefined {
  if (candidates.length === 1) return candidates[0];
  if (named !== undefined && candidates.includes(named)) return named;
  if (known.includes("id") && known.every((field) => field === "id" || field === "name")) return registries;
  if (candidates.length === 2 && candidates.includes(pods) && candidates.includes(templates)) return templates;
  return undefined;
}

function mixedKinds(known: string[]): string {
  const owners = V1_KINDS.filter((kind) => known.some((field) => knownFields(kind).includes(field)));
  return `has fields of more than one v1 kind (${owners.map((kind) => kind.noun).join(", ")}); skipped`;
}

function ambiguous(candidates: V1Kind[]): string {
  const wrappers = candidates.map((kind) => `{"${kind.plural}": [...]}`);
  return `could be a v1 ${orList(candidates.map((kind) => kind.noun))}; skipped (wrap it as ${orList(wrappers)} to say which)`;
}

/** The kind a wrapper key names, compared in lower case without punctuation: `network-volumes` names volumes. */
function kindNamed(key: string): V1Kind | undefined {
  const normalised = key.toLowerCase().replace(/[^a-z]/g, "");
  return V1_KINDS.find((kind) => kind.groupNames.includes(normalised));
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function orList(words: string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}
