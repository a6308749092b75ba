import type { RegistryResource } from "../../provider/manifest/document";
import type { ConversionContext, V1Kind } from "./kind";

/**
 * v1 container registry auths (`/containerregistryauth`) as `Registry` resources. The username and password are
 * never written to the manifest, even when the v1 body holds them: both are read from stack config.
 */
export const registries: V1Kind<RegistryResource> = {
  word: "registry",
  noun: "registry",
  plural: "registries",
  groupNames: ["registry", "registries", "containerregistryauth", "containerregistryauths"],
  fields: ["id", "name", "username", "password"],
  readOuts: [],
  convert(fields, context) {
    fields.ignore("username", "password");
    return {
      type: "Registry",
      properties: {
        name: context.displayName,
        username: credential("username", context),
        password: credential("password", context),
        adopt: context.id,
      },
    };
  },
};

function credential(what: "username" | "password", context: ConversionContext): string {
  return context.fromConfig(what, {
    reason: `${what} is read from stack config, never written to the manifest`,
    placeholder: `<${what}>`,
    secret: true,
  });
}
