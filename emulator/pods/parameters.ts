import { idParameter } from "../http/openapiBuilders";

/** The `{id}` of every `/v2/pods/{id}` operation. */
export const podId = idParameter("Pod id");

/** Why a cluster member refuses the pod operations that change it. */
export const MEMBER_PODS = "The pod is a cluster member, managed only through /v2/clusters/{id}";
