import { callerOf } from "../http/auth";
import { READ_ONLY_KEY, ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";
import { Problem } from "../http/problem";
import { parseBody } from "../http/validation";
import { replaceSshKeysRequest, SSH_PUBLIC_KEY } from "./requests";

/** `PUT /v2/account/ssh-keys`: replace the account's SSH public keys; answers 400, 403, 422 as `spec.errors` says. */
export const replaceSshKeys: Operation = {
  method: "PUT",
  path: "/account/ssh-keys",
  spec: {
    operationId: "replaceSshKeys",
    summary: "Replace the account's SSH public keys",
    description:
      "The whole new set, not a merge. Each key is one authorized_keys line: `<type> <base64-key> [comment]`. " +
      "Existing pods keep the keys they were created with.",
    body: "ReplaceSshKeysRequest",
    ok: { status: 200, description: "The keys now registered", schema: ref("SshKeys") },
    errors: { 400: "Invalid body", 403: READ_ONLY_KEY, 422: "A key is not one authorized_keys line; each listed" },
  },
  async handle(context, request) {
    const { store } = context;
    // A replacement, not a merge. Pods keep the keys they were created with: PUBLIC_KEY is copied at create.
    const account = store.account(callerOf(request).account);
    const { keys } = parseBody(replaceSshKeysRequest, request.body);
    const malformed = keys.flatMap((key, index) => (SSH_PUBLIC_KEY.test(key) ? [] : [`malformed SSH public key at /keys/${index}`]));
    if (malformed.length > 0) {
      throw new Problem(422, 'Each SSH public key must be one authorized_keys line: "<type> <base64-key> [comment]"', malformed);
    }
    account.sshPublicKeys = [...keys];
    return { keys: [...keys] };
  },
};
