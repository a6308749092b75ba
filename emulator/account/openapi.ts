import { replaceSshKeysRequest } from "./routes";
import { arrayOf, object, operationsOf, READ_ONLY_KEY, ref, requestSchema, string, type TagSection } from "../http/openapiBuilders";

const tag = { name: "Account", description: "The account's SSH public keys, which pods started with SSH receive." };
const operation = operationsOf(tag.name);

export const account: TagSection = {
  tag,
  schemas: {
    SshKeys: object({ keys: arrayOf(string) }),
    ReplaceSshKeysRequest: requestSchema(replaceSshKeysRequest),
  },
  paths: {
    "/v2/account/ssh-keys": {
      get: operation({
        operationId: "getSshKeys",
        summary: "List the account's SSH public keys",
        ok: { status: 200, description: "The keys", schema: ref("SshKeys") },
      }),
      put: operation({
        operationId: "replaceSshKeys",
        summary: "Replace the account's SSH public keys",
        description:
          "The whole new set, not a merge. Each key is one authorized_keys line: `<type> <base64-key> [comment]`. " +
          "Existing pods keep the keys they were created with.",
        body: "ReplaceSshKeysRequest",
        ok: { status: 200, description: "The keys now registered", schema: ref("SshKeys") },
        errors: { 400: "Invalid body", 403: READ_ONLY_KEY, 422: "A key is not one authorized_keys line; each listed" },
      }),
    },
  },
};
