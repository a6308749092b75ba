import { STATUS_CODES } from "node:http";
import type { FastifyReply } from "fastify";
import type { ProblemBody } from "../wire";

const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** An error answered as an RFC 9457 problem. Thrown anywhere in a request; the server's error handler sends it. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "Problem";
  }

  get body(): ProblemBody {
    const body: ProblemBody = { title: STATUS_CODES[this.status] ?? "Error", status: this.status, detail: this.detail };
    if (this.errors !== undefined) body.errors = this.errors;
    return body;
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.code(this.status).headers(this.headers).type(PROBLEM_CONTENT_TYPE).send(this.body);
  }
}
