import { collection } from "../collection";
import type { Registry } from "../wire";

export interface RegistryRecord {
  account: string;
  registry: Registry;
  /** Write-only credentials: kept, compared in tests through the store, never rendered. */
  username: string;
  password: string;
}

declare module "../store" {
  interface Collections {
    registries: RegistryRecord;
  }
}

/** The account's container registry credentials, at `/v2/registries`; rendered without username and password. */
export const registries = collection({
  name: "registries",
  path: "/registries",
  noun: "Registry",
  what: "registry credential",
  schema: "Registry",
  idDescription: "Registry credential id",
  idOf: (record) => record.registry.id,
  view: (record) => ({ ...record.registry }),
});
