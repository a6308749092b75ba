import type { Transport } from "./transport";

/** The job API at the job URL: `run`, `runsync`, `status` and `wait` on queue-based and hosted endpoints. */
export class JobsClient {
  constructor(protected readonly transport: Transport) {}
}
