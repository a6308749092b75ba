import { type CreateRegistryRequest, type Registry, registryListSchema, registrySchema } from "../schemas/registry";
import {
  type CreateDelegationRequest,
  type EcrDelegation,
  ecrDelegationListSchema,
  ecrDelegationSchema,
} from "../schemas/registryDelegation";
import type { Transport } from "./transport";

/**
 * `/v2/registries`: credentials for private container registries, which pods and templates name in `registry`.
 * Username and password are write-only: they are sent on create or update and never returned.
 */
export class RegistriesClient {
  /** `/v2/registries/delegations`: pull access to ECR repositories delegated to the platform. */
  readonly delegations: RegistryDelegationsClient;

  constructor(private readonly transport: Transport) {
    this.delegations = new RegistryDelegationsClient(transport);
  }

  async list(signal?: AbortSignal): Promise<Registry[]> {
    const { registries } = await this.transport.json({ method: "GET", path: "/v2/registries", schema: registryListSchema, signal });
    return registries;
  }

  async get(id: string, signal?: AbortSignal): Promise<Registry> {
    return this.transport.json({ method: "GET", path: `/v2/registries/${encodeURIComponent(id)}`, schema: registrySchema, signal });
  }

  async create(body: CreateRegistryRequest, signal?: AbortSignal): Promise<Registry> {
    return this.transport.json({ method: "POST", path: "/v2/registries", body, schema: registrySchema, signal });
  }

  /** Renames a credential or changes its username or password. */
  async update(id: string, body: Partial<CreateRegistryRequest>, signal?: AbortSignal): Promise<Registry> {
    return this.transport.json({ method: "PATCH", path: `/v2/registries/${encodeURIComponent(id)}`, body, schema: registrySchema, signal });
  }

  /** Deletes a credential. Refused with 400 while a pod uses it; templates that use it lose the reference. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: `/v2/registries/${encodeURIComponent(id)}`, signal });
  }
}

/** Delegations are listed, created and revoked; there is no read of one delegation and no update. */
export class RegistryDelegationsClient {
  constructor(private readonly transport: Transport) {}

  async list(signal?: AbortSignal): Promise<EcrDelegation[]> {
    const { delegations } = await this.transport.json({
      method: "GET",
      path: "/v2/registries/delegations",
      schema: ecrDelegationListSchema,
      signal,
    });
    return delegations;
  }

  async create(body: CreateDelegationRequest, signal?: AbortSignal): Promise<EcrDelegation> {
    return this.transport.json({ method: "POST", path: "/v2/registries/delegations", body, schema: ecrDelegationSchema, signal });
  }

  /** Revokes a delegation. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: `/v2/registries/delegations/${encodeURIComponent(id)}`, signal });
  }
}
