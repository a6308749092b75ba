import { type CreateRegistryRequest, type Registry, registryListSchema, registrySchema } from "../resources/registry/inputs";
import {
  type CreateDelegationRequest,
  type EcrDelegation,
  ecrDelegationListSchema,
  ecrDelegationSchema,
} from "../resources/registryDelegation/inputs";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/**
 * `/v2/registries`: credentials for private container registries, which pods and templates name in `registry`.
 * Username and password are write-only: they are sent on create or update and never returned.
 */
export class RegistriesClient extends ApiResource {
  /** `/v2/registries/delegations`: pull access to ECR repositories delegated to the platform. */
  readonly delegations: RegistryDelegationsClient;

  constructor(transport: Transport) {
    super(transport, "/v2/registries");
    this.delegations = new RegistryDelegationsClient(transport);
  }

  async list(options?: RequestOptions): Promise<Registry[]> {
    return (await this.transport.get(this.basePath, registryListSchema, options)).registries;
  }

  async get(id: string, options?: RequestOptions): Promise<Registry> {
    return this.transport.get(this.at({ id }), registrySchema, options);
  }

  async create(body: CreateRegistryRequest, options?: RequestOptions): Promise<Registry> {
    return this.transport.post(this.basePath, body, registrySchema, options);
  }

  /** Renames a credential or changes its username or password. */
  async update(id: string, body: Partial<CreateRegistryRequest>, options?: RequestOptions): Promise<Registry> {
    return this.transport.patch(this.at({ id }), body, registrySchema, options);
  }

  /** Deletes a credential. Refused with 400 while a pod uses it; templates that use it lose the reference. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }
}

/** Delegations are listed, created and revoked; there is no read of one delegation and no update. */
export class RegistryDelegationsClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/registries/delegations");
  }

  async list(options?: RequestOptions): Promise<EcrDelegation[]> {
    return (await this.transport.get(this.basePath, ecrDelegationListSchema, options)).delegations;
  }

  async create(body: CreateDelegationRequest, options?: RequestOptions): Promise<EcrDelegation> {
    return this.transport.post(this.basePath, body, ecrDelegationSchema, options);
  }

  /** Revokes a delegation. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }
}
