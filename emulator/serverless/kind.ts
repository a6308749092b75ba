import type { EmulatorKind, KindSnapshot } from "../kind";
import type { Endpoint } from "../wire";
import { renderEndpoint } from "./endpointView";
import { serverless } from "./openapi";
import { SERVERLESS_OPERATIONS } from "./operations";

const snapshot: KindSnapshot<"endpoints", Endpoint[]> = {
  key: "endpoints",
  show: (context, baseUrl) =>
    context.store.allAccounts().flatMap((account) => [...account.endpoints.values()].map((endpoint) => renderEndpoint(endpoint, baseUrl))),
};

/** Serverless endpoints, their workers and releases. */
export const serverlessKind = {
  collection: "endpoints",
  operations: SERVERLESS_OPERATIONS,
  openapi: serverless,
  snapshot,
} satisfies EmulatorKind;
