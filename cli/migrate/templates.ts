import type { ManifestResourceOf } from "../../provider/manifest/document";
import { templateCategories } from "../../provider/resources/template/inputs";
import { persistentMount, readContainer } from "./container";
import type { V1Kind } from "./kind";

/**
 * v1 templates (`/templates`) as `Template` resources: `imageName` → `image`, `containerDiskInGb` → `disk`,
 * `dockerStartCmd` → `args`, `isPublic` → `public`, `isServerless` → `serverless`, `containerRegistryAuthId` →
 * `registry`, `volumeInGb`/`volumeMountPath` → `mounts.persistent`.
 */
export const templates: V1Kind<ManifestResourceOf<"Template">> = {
  word: "template",
  noun: "template",
  plural: "templates",
  groupNames: ["template", "templates"],
  fields: [
    "id",
    "name",
    "imageName",
    "category",
    "containerDiskInGb",
    "containerRegistryAuthId",
    "dockerEntrypoint",
    "dockerStartCmd",
    "env",
    "isPublic",
    "isServerless",
    "ports",
    "readme",
    "volumeInGb",
    "volumeMountPath",
  ],
  readOuts: ["earned", "runtimeInMin"],
  convert(fields, context) {
    const v1Defaults = context.id === undefined;
    const container = readContainer(fields, context, { v1Defaults });
    const persistent = persistentMount(container, v1Defaults, context);
    return {
      type: "Template",
      properties: {
        name: context.displayName,
        image:
          container.image ??
          context.fromConfig("image", {
            reason: "v1 names no image, which v2 requires",
            placeholder: "<image reference>",
            secret: false,
          }),
        args: container.args,
        disk: container.disk,
        env: container.env,
        ports: container.ports,
        registry: container.registry,
        mounts: persistent && { persistent },
        public: fields.boolean("isPublic"),
        serverless: fields.boolean("isServerless"),
        category: fields.oneOf("category", templateCategories),
        adopt: context.id,
      },
    };
  },
};
