import { idParameter } from "../http/openapiBuilders";

/** The `{id}` of every `/v2/templates/{id}` operation. */
export const templateId = idParameter("Template id");

/** Why a template create or change answers 422. */
export const networkMountRefused = "`mounts.network` is given (templates mount only persistent storage), or a mount entry lacks a field";
