import { stringify } from "yaml";
import type { ManifestDocument } from "../../provider/manifest/document";

/** The first line of a manifest: where editors find its JSON Schema. */
export const SCHEMA_LINE = "# yaml-language-server: $schema=./node_modules/pulumi-computeplatform/schema/manifest.json";

/** A migrated manifest as YAML: the schema line, a comment naming the v1 source, then the resources in order. */
export function renderManifest(document: ManifestDocument, source: string): string {
  return `${SCHEMA_LINE}\n# Migrated from v1 API objects (${source}) by computeplatform migrate.\n${stringify(document, { lineWidth: 0 })}`;
}
