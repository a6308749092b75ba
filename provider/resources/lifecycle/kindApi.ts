import type { ComputePlatformClient } from "../../client";
import { sharedClient } from "../../sharedClient";
import type { KindApi } from "./declaration";

// One API object per kind and client: `createOnce` remembers per source what existed before this process created any.
const apis = new WeakMap<object, WeakMap<ComputePlatformClient, unknown>>();

/** The kind's API on `client`, the same object at every call. */
export function kindApi<Live, CreateBody, Patch>(
  declaration: { api(client: ComputePlatformClient): KindApi<Live, CreateBody, Patch> },
  client = sharedClient(),
): KindApi<Live, CreateBody, Patch> {
  const byClient = apis.get(declaration) ?? new WeakMap<ComputePlatformClient, unknown>();
  apis.set(declaration, byClient);
  const known = (byClient.get(client) as KindApi<Live, CreateBody, Patch> | undefined) ?? declaration.api(client);
  byClient.set(client, known);
  return known;
}
