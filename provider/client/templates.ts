import {
  type CreateTemplateRequest,
  type Template,
  templateListSchema,
  templateSchema,
  type TemplateSource,
  type UpdateTemplateRequest,
} from "../resources/template/inputs";
import { ApiResource } from "./apiResource";
import type { RequestOptions, Transport } from "./transport";

/** `/v2/templates`: reusable container configurations for pods and serverless workers, and the public catalog of them. */
export class TemplatesClient extends ApiResource {
  constructor(transport: Transport) {
    super(transport, "/v2/templates");
  }

  /** The account's own templates, public or not. */
  async list(options?: RequestOptions): Promise<Template[]> {
    return (await this.transport.get(this.basePath, templateListSchema, options)).templates;
  }

  /** One of the account's templates, or a public one (whose `registry` is null unless it is the account's own). */
  async get(id: string, options?: RequestOptions): Promise<Template> {
    return this.transport.get(this.at({ id }), templateSchema, options);
  }

  async create(body: CreateTemplateRequest, options?: RequestOptions): Promise<Template> {
    return this.transport.post(this.basePath, body, templateSchema, options);
  }

  /** Changes the fields `body` names; pods already made from the template keep their settings. */
  async update(id: string, body: UpdateTemplateRequest, options?: RequestOptions): Promise<Template> {
    return this.transport.patch(this.at({ id }), body, templateSchema, options);
  }

  /** Deletes one of the account's templates; refused with 400 while pods made from it exist. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    return this.transport.delete(this.at({ id }), options);
  }

  /**
   * One slice of the public catalog (at most 100 templates, pod and serverless ones alike).
   * @param options.source `official` (the default), `verified` or `community`.
   */
  async listPublic(options: { source?: TemplateSource } & RequestOptions = {}): Promise<Template[]> {
    const { source, ...request } = options;
    return (await this.transport.get("/v2/catalog/templates", templateListSchema, request, { source })).templates;
  }
}
