import { idParameter } from "../http/openapiBuilders";

/** The `{id}` of every `/v2/network-volumes/{id}` operation. */
export const volumeId = idParameter("Network volume id");
