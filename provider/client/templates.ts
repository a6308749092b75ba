import type { Transport } from "./transport";

/** `/v2/templates: reusable container configurations for pods and serverless workers.` */
export class TemplatesClient {
  constructor(private readonly transport: Transport) {}
}
