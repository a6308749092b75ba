import { kinds } from "../../provider/kindRegistry";
import type { ManifestResourceOf } from "../../provider/manifest/document";
import type { ConversionContext, V1Kind } from "./kind";

/** The credential's secret arguments, as the `Registry` declaration names them: username and password. */
const SECRETS = kinds.Registry.secretInputs;

/**
 * v1 container registry auths (`/containerregistryauth`) as `Registry` resources. The username and password are
 * never written to the manifest, even when the v1 body holds them: both are read from stack config.
 */
export const registries: V1Kind<ManifestResourceOf<"Registry">> = {
  word: "registry",
  noun: "registry",
  plural: "registries",
  groupNames: ["registry", "registries", "containerregistryauth", "containerregistryauths"],
  fields: ["id", "name", ...SECRETS],
  readOuts: [],
  convert(fields, context) {
    fields.ignore(...SECRETS);
    const credentials = Object.fromEntries(SECRETS.map((what) => [what, credential(what, context)])) as Pick<
      ManifestResourceOf<"Registry">["properties"],
      "username" | "password"
    >;
    return { type: "Registry", properties: { name: context.displayName, ...credentials, adopt: context.id } };
  },
};

function credential(what: string, context: ConversionContext): string {
  return context.fromConfig(what, {
    reason: `${what} is read from stack config, never written to the manifest`,
    placeholder: `<${what}>`,
    secret: true,
  });
}
