import { secretReason } from "../secretRule";

/** A value the manifest reads from stack config instead of holding it. */
export interface ConfigSecret {
  /** The stack config key, e.g. `ghcrAcmePassword`. */
  key: string;
  /** What it holds, e.g. `the password of registry "ghcr-acme"`. */
  holds: string;
  /** Why it is not in the file, e.g. `the API never returns it`. */
  reason: string;
}

/**
 * The env with each value that holds a secret (by its name or its value, the rule `migrate` keeps too) replaced by
 * `${config.<key>}`; `claim` hands out the key for an env name and records the secret. The value is never kept.
 */
export function withSecretEnv(env: Record<string, string>, claim: (what: string, reason: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => {
      const why = secretReason(name, value);
      return [name, why === undefined ? value : `\${config.${claim(name, `env ${name} ${why}`)}}`];
    }),
  );
}
