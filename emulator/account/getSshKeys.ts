import { callerOf } from "../http/auth";
import { ref } from "../http/openapiBuilders";
import type { Operation } from "../http/operation";

/** `GET /v2/account/ssh-keys`: list the account's SSH public keys. */
export const getSshKeys: Operation = {
  method: "GET",
  path: "/account/ssh-keys",
  spec: {
    operationId: "getSshKeys",
    summary: "List the account's SSH public keys",
    ok: { status: 200, description: "The keys", schema: ref("SshKeys") },
  },
  async handle(context, request) {
    const { store } = context;
    return { keys: [...store.account(callerOf(request).account).sshPublicKeys] };
  },
};
