import { randomBytes } from "node:crypto";
import type { AccountState } from "../store";

/**
 * A new pod's env with what the service injects: the account's SSH public keys as PUBLIC_KEY with `startSsh`,
 * a generated JUPYTER_PASSWORD with `startJupyter`; a key the body sets itself is kept.
 */
export function withInjectedEnv(
  body: { env: Record<string, string>; startSsh: boolean; startJupyter: boolean },
  account: AccountState,
): Record<string, string> {
  const env = { ...body.env };
  if (body.startSsh && account.sshPublicKeys.length > 0) env.PUBLIC_KEY ??= account.sshPublicKeys.join("\n");
  if (body.startJupyter) env.JUPYTER_PASSWORD ??= randomBytes(12).toString("base64url");
  return env;
}
