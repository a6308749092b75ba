import { arrayOf, object, requestSchema, string, type TagSection } from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { ACCOUNT_OPERATIONS } from "./operations";
import { replaceSshKeysRequest } from "./requests";

const tag = { name: "Account", description: "The account's SSH public keys, which pods started with SSH receive." };

export const account: TagSection = {
  tag,
  schemas: {
    SshKeys: object({ keys: arrayOf(string) }),
    ReplaceSshKeysRequest: requestSchema(replaceSshKeysRequest),
  },
  paths: pathsOf(tag.name, ACCOUNT_OPERATIONS),
};
