import {
  type CreateTemplateRequest,
  type Template,
  templateListSchema,
  templateSchema,
  type TemplateSource,
  type UpdateTemplateRequest,
} from "../resources/template/inputs";
import { CollectionClient } from "./collection";
import type { RequestOptions, Transport } from "./transport";

/**
 * `/v2/templates`: reusable container configurations for pods and serverless workers, and the public catalog of them.
 * The list holds the account's own templates, public or not; a read finds a public one too (whose `registry` is null
 * unless it is the account's own). An update changes the fields its body names: pods already made from the template
 * keep their settings. A delete is refused with 400 while pods made from the template exist.
 */
export class TemplatesClient extends CollectionClient<Template, CreateTemplateRequest, UpdateTemplateRequest> {
  constructor(transport: Transport) {
    super(transport, "/v2/templates", "templates", templateSchema);
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
