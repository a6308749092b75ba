import type { ManifestResourceOf } from "../../provider/manifest/document";
import { atLeast } from "./bounds";
import type { V1Kind } from "./kind";

/** v1 network volumes (`/networkvolumes`) as `NetworkVolume` resources: `dataCenterId` becomes `dataCenter`. */
export const volumes: V1Kind<ManifestResourceOf<"NetworkVolume">> = {
  word: "volume",
  noun: "network volume",
  plural: "networkVolumes",
  groupNames: ["networkvolume", "networkvolumes", "volume", "volumes"],
  fields: ["id", "name", "size", "dataCenterId"],
  readOuts: [],
  skipReason(fields) {
    return fields.integer("size") === undefined ? `has no "size", which v2 requires; skipped` : undefined;
  },
  convert(fields, context) {
    const size = fields.integer("size") ?? 0;
    return {
      type: "NetworkVolume",
      properties: {
        name: context.displayName,
        size: atLeast(size, 10, { field: "size", target: "size" }, context.warn),
        dataCenter:
          fields.string("dataCenterId") ??
          context.fromConfig("dataCenter", {
            reason: "v1 names no data center, which v2 requires",
            placeholder: "<data center id>",
            secret: false,
          }),
        adopt: context.id,
      },
    };
  },
};
