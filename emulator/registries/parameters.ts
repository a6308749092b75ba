import { idParameter } from "../http/openapiBuilders";

/** The `{id}` of every `/v2/registries/{id}` operation. */
export const registryId = idParameter("Registry credential id");
