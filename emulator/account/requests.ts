import { z } from "zod";

/** One authorized_keys line: `<type> <base64-key> [comment]`, the type starting with ssh-, ecdsa- or sk-. */
export const SSH_PUBLIC_KEY = /^(ssh|ecdsa|sk)-\S+ \S+([ \t][^\n\r]*)?$/;

/** Body of `PUT /v2/account/ssh-keys`: the account's whole new set. */
export const replaceSshKeysRequest = z.strictObject({ keys: z.array(z.string()) });
