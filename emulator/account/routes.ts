import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callerOf } from "../http/auth";
import type { EmulatorContext } from "../context";
import { Problem } from "../http/problem";
import { serveMethods } from "../http/routing";
import { parseBody } from "../http/validation";

/** One authorized_keys line: `<type> <base64-key> [comment]`, the type starting with ssh-, ecdsa- or sk-. */
const SSH_PUBLIC_KEY = /^(ssh|ecdsa|sk)-\S+ \S+([ \t][^\n\r]*)?$/;

/** Body of `PUT /v2/account/ssh-keys`: the account's whole new set. */
export const replaceSshKeysRequest = z.strictObject({ keys: z.array(z.string()) });

/** `/v2/account/ssh-keys`: the SSH public keys that pods created with `startSsh` receive. */
export function registerAccountRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { store } = context;

  serveMethods(app, "/account/ssh-keys", {
    /** `GET /v2/account/ssh-keys` (getSshKeys): list the account's SSH public keys. */
    GET: async (request) => ({ keys: [...store.account(callerOf(request).account).sshPublicKeys] }),

    // A replacement, not a merge. Pods keep the keys they were created with: PUBLIC_KEY is copied at create.
    /**
     * `PUT /v2/account/ssh-keys` (replaceSshKeys): replace the account's SSH public keys. Errors: 400: invalid body;
     * 403: a read-only key; 422: a key is not one authorized_keys line; each listed.
     */
    PUT: async (request) => {
      const account = store.account(callerOf(request).account);
      const { keys } = parseBody(replaceSshKeysRequest, request.body);
      const malformed = keys.flatMap((key, index) => (SSH_PUBLIC_KEY.test(key) ? [] : [`malformed SSH public key at /keys/${index}`]));
      if (malformed.length > 0) {
        throw new Problem(422, 'Each SSH public key must be one authorized_keys line: "<type> <base64-key> [comment]"', malformed);
      }
      account.sshPublicKeys = [...keys];
      return { keys: [...keys] };
    },
  });
}
