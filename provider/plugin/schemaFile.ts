/** Where the Pulumi package schema is committed (and shipped), relative to the package root. */
export const PULUMI_SCHEMA_FILE = "schema/pulumi-package.json";
