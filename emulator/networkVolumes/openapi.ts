import { createNetworkVolumeRequest, updateNetworkVolumeRequest } from "../schemas";
import { type NetworkVolume, VOLUME_TYPES } from "../wire";
import {
  enumOf,
  idParameter,
  integer,
  listOf,
  operationsOf,
  ownResource,
  READ_ONLY_KEY,
  ref,
  requestSchema,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";

const tag = { name: "Network Volumes", description: "Network storage in one data center, mounted into pods there." };
const operation = operationsOf(tag.name);

const volumeId = idParameter("Network volume id");

export const networkVolumes: TagSection = {
  tag,
  schemas: {
    NetworkVolume: wireObject<NetworkVolume>({
      id: string,
      name: string,
      size: { ...integer, description: "GB" },
      dataCenter: string,
      type: enumOf(VOLUME_TYPES),
    }),
    CreateNetworkVolumeRequest: requestSchema(createNetworkVolumeRequest),
    UpdateNetworkVolumeRequest: requestSchema(updateNetworkVolumeRequest),
  },
  paths: {
    "/v2/network-volumes": {
      get: operation({
        operationId: "listNetworkVolumes",
        summary: "List the account's network volumes",
        ok: { status: 200, description: "The network volumes", schema: listOf("networkVolumes", "NetworkVolume") },
      }),
      post: operation({
        operationId: "createNetworkVolume",
        summary: "Create a network volume",
        body: "CreateNetworkVolumeRequest",
        ok: { status: 201, description: "The created volume", schema: ref("NetworkVolume") },
        errors: {
          400: "Invalid body, an unknown data center, or one that does not offer the volume type",
          403: READ_ONLY_KEY,
        },
      }),
    },
    "/v2/network-volumes/{id}": {
      get: operation({
        operationId: "getNetworkVolume",
        summary: "Read a network volume",
        parameters: [volumeId],
        ok: { status: 200, description: "The volume", schema: ref("NetworkVolume") },
        errors: ownResource("network volume", "read"),
      }),
      patch: operation({
        operationId: "updateNetworkVolume",
        summary: "Rename or grow a network volume",
        parameters: [volumeId],
        body: "UpdateNetworkVolumeRequest",
        ok: { status: 200, description: "The updated volume", schema: ref("NetworkVolume") },
        errors: {
          400: "Invalid body, neither name nor size, or a smaller size",
          ...ownResource("network volume", "write"),
        },
      }),
      delete: operation({
        operationId: "deleteNetworkVolume",
        summary: "Delete a network volume",
        parameters: [volumeId],
        ok: { status: 204, description: "Deleted; no body" },
        errors: {
          ...ownResource("network volume", "write"),
          409: "A pod mounts the volume, or a serverless endpoint has it attached",
        },
      }),
    },
  },
};
