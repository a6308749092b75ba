import { type CreateRegistryRequest, type Registry, registrySchema } from "../resources/registry/inputs";
import {
  type CreateDelegationRequest,
  type EcrDelegation,
  ecrDelegationListSchema,
  ecrDelegationSchema,
} from "../resources/registryDelegation/inputs";
import { ApiResource } from "./apiResource";
import { CollectionClient } from "./collection";
import type { RequestOptions, Transport } from "./transport";

/**
 * `/v2/registries`: credentials for private container registries, which pods and templates name in `registry`.
 * Username and password are write-only: they are sent on create or update and never returned. An update renames a
 * credential or changes its username or password; a delete is refused with 400 while a pod uses the credential, and
 * templates that use it lose the reference.
 */
export class RegistriesClient extends CollectionClient<Registry, CreateRegistryRequest> {
  /** `/v2/registries/delegations`: pull access to ECR repositories delegated to the platform. */
  readonly delegations: RegistryDelegationsClient;

  constructor(transport: Transport) {
    super(transport, "/v2/registries", "registries", registrySchema);
    this.delegations = new RegistryDelegationsClient(transport);
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
