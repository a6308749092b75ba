import type { Transport } from "./transport";

/** `/v2/serverless`: serverless endpoints, their workers, worker logs and releases. */
export class ServerlessClient {
  constructor(protected readonly transport: Transport) {}
}
