import {
  type CreateTemplateRequest,
  type Template,
  templateListSchema,
  templateSchema,
  type TemplateSource,
  type UpdateTemplateRequest,
} from "../schemas/template";
import type { Transport } from "./transport";

/** `/v2/templates`: reusable container configurations for pods and serverless workers, and the public catalog of them. */
export class TemplatesClient {
  constructor(private readonly transport: Transport) {}

  /** The account's own templates, public or not. */
  async list(signal?: AbortSignal): Promise<Template[]> {
    const { templates } = await this.transport.json({ method: "GET", path: "/v2/templates", schema: templateListSchema, signal });
    return templates;
  }

  /** One of the account's templates, or a public one (whose `registry` is null unless it is the account's own). */
  async get(id: string, signal?: AbortSignal): Promise<Template> {
    return this.transport.json({ method: "GET", path: path(id), schema: templateSchema, signal });
  }

  async create(body: CreateTemplateRequest, signal?: AbortSignal): Promise<Template> {
    return this.transport.json({ method: "POST", path: "/v2/templates", body, schema: templateSchema, signal });
  }

  /** Changes the fields `body` names; pods already made from the template keep their settings. */
  async update(id: string, body: UpdateTemplateRequest, signal?: AbortSignal): Promise<Template> {
    return this.transport.json({ method: "PATCH", path: path(id), body, schema: templateSchema, signal });
  }

  /** Deletes one of the account's templates; refused with 400 while pods made from it exist. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.transport.json({ method: "DELETE", path: path(id), signal });
  }

  /**
   * One slice of the public catalog (at most 100 templates, pod and serverless ones alike).
   * @param options.source `official` (the default), `verified` or `community`.
   */
  async listPublic(options: { source?: TemplateSource; signal?: AbortSignal } = {}): Promise<Template[]> {
    const { templates } = await this.transport.json({
      method: "GET",
      path: "/v2/catalog/templates",
      query: { source: options.source },
      schema: templateListSchema,
      signal: options.signal,
    });
    return templates;
  }
}

function path(id: string): string {
  return `/v2/templates/${encodeURIComponent(id)}`;
}
