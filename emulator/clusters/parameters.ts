import { idParameter } from "../http/openapiBuilders";

/** The `{id}` of every `/v2/clusters/{id}` operation. */
export const clusterId = idParameter("Cluster id");
