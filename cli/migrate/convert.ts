import type { ManifestDocument, ManifestResource } from "../../provider/manifest/document";
import { type MigrationCatalog, packagedCatalog } from "./catalog";
import { setsNothing, V1Fields } from "./fields";
import type { ConversionContext, KindWord } from "./kind";
import { V1_KINDS } from "./kinds";
import { ConfigKeys, LogicalNames } from "./names";
import { recognise } from "./recognise";
import type { MigrationWarning } from "./warnings";

/** A manifest made from v1 objects, and what could not be carried over or needs the user's hand. */
export interface MigrationResult {
  document: ManifestDocument;
  /** In the order of the resources, each object's together; objects not recognised come first. */
  warnings: MigrationWarning[];
}

/**
 * Converts v1 request bodies and list responses (see `recognise` for what the input may be) into the resources of
 * a v2 manifest. A v1 object with an id (from a list or get response) adopts that resource instead of creating a
 * duplicate. A v1 field whose value sets nothing (null, false, 0, "", [], {}) or that only reports state
 * (costs, machine, timestamps) is dropped quietly; every other field v2 has no place for is reported. Ids of
 * registries, volumes and templates that are in the input are written as references to their resources.
 */
export function migrateV1(input: unknown, catalog: MigrationCatalog = packagedCatalog): MigrationResult {
  const { objects, warnings } = recognise(input);
  const names = new LogicalNames();
  const configKeys = new ConfigKeys();
  const adopted = new Map<string, { logicalName: string; subject: string }>();
  const resources: Record<string, ManifestResource> = {};

  const reference = (kind: KindWord, id: string): string => {
    const resource = adopted.get(`${kind}:${id}`);
    return resource === undefined ? id : `\${${resource.logicalName}.id}`;
  };

  for (const kind of V1_KINDS) {
    for (const { object, subject } of objects.filter((recognised) => recognised.kind === kind)) {
      const warn = (message: string) => warnings.push({ level: "warning", subject, message });
      const fields = new V1Fields(object, warn);
      const skipReason = kind.skipReason?.(fields);
      if (skipReason !== undefined) {
        warn(skipReason);
        continue;
      }
      const id = fields.string("id");
      const earlier = id === undefined ? undefined : adopted.get(`${kind.word}:${id}`);
      if (earlier !== undefined) {
        warn(`is the same v1 ${kind.noun} as ${earlier.subject}; skipped`);
        continue;
      }
      const v1Name = fields.string("name");
      const logicalName = names.claim(v1Name ?? kind.defaultName, kind.word);
      if (id !== undefined) adopted.set(`${kind.word}:${id}`, { logicalName, subject });
      const context: ConversionContext = {
        logicalName,
        displayName: v1Name ?? kind.defaultName ?? logicalName,
        id,
        catalog,
        warn,
        reference,
        fromConfig(what, { reason, placeholder, secret }) {
          const key = configKeys.claim(logicalName, what);
          warnings.push({
            level: "note",
            subject,
            message: `${reason}; run: pulumi config set ${secret ? "--secret " : ""}${key} ${placeholder}`,
          });
          return `\${config.${key}}`;
        },
      };
      resources[logicalName] = kind.convert(fields, context);
      for (const [field, value] of fields.untaken()) {
        if (!kind.readOuts.includes(field) && !setsNothing(value)) warn(`"${field}" has no v2 equivalent; dropped`);
      }
    }
  }
  return { document: { resources }, warnings };
}
