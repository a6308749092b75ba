import type { Transport } from "./transport";

/** `/v2/registries: container registry credentials, and delegated registry access.` */
export class RegistriesClient {
  constructor(private readonly transport: Transport) {}
}
