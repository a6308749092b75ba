import type { FastifyRequest } from "fastify";
import { Problem } from "./problem";

/** Who is calling: the account of the presented key and whether that key may write. */
export interface Caller {
  account: string;
  readOnly: boolean;
}

/** The token syntax of RFC 6750 (b64token). */
const TOKEN = "[A-Za-z0-9\\-._~+/]+=*";
// The auth-scheme is case-insensitive (RFC 9110 section 11.1).
const BEARER = new RegExp(`^Bearer +(${TOKEN})$`, "i");
const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const CHALLENGE = { "www-authenticate": 'Bearer realm="computeplatform"' };

export function isBearerToken(key: string): boolean {
  return new RegExp(`^${TOKEN}$`).test(key);
}

export class ApiKeys {
  private readonly grants: Map<string, Caller>;

  /** @param grants - every accepted key, with the caller it stands for */
  constructor(grants: ReadonlyArray<Caller & { key: string }>) {
    this.grants = new Map(grants.map((grant) => [grant.key, { account: grant.account, readOnly: grant.readOnly }]));
  }

  /** The caller behind an Authorization header; 401 when it is missing, not exactly `Bearer <token>`, or unknown. */
  authenticate(authorization: string | undefined): Caller {
    if (authorization === undefined || authorization === "") {
      throw new Problem(401, "Missing bearer token", undefined, CHALLENGE);
    }
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) {
      throw new Problem(401, 'Malformed Authorization header; expected "Bearer <API key>"', undefined, CHALLENGE);
    }
    const caller = this.grants.get(token);
    if (caller === undefined) throw new Problem(401, "Invalid API key", undefined, CHALLENGE);
    return caller;
  }
}

/** 403 when a read-only key attempts a method that changes state. */
export function requirePermission(caller: Caller, method: string, path: string): void {
  if (caller.readOnly && WRITE_METHODS.has(method)) {
    throw new Problem(403, `This API key is read-only and cannot ${method} ${path}`);
  }
}

const callers = new WeakMap<FastifyRequest, Caller>();

export function rememberCaller(request: FastifyRequest, caller: Caller): void {
  callers.set(request, caller);
}

/** The authenticated caller of a request under /v2; route handlers only run after authentication succeeded. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (caller === undefined) throw new Error(`No authenticated caller for ${request.method} ${request.url}`);
  return caller;
}
