/**
 * The one rule that says whether a setting (an environment variable, a config value) holds a secret, by its name or
 * by its value. `migrate` uses it to keep secrets out of the manifests it writes; any command that writes settings
 * somewhere others can read them uses it too. A value is never part of what it returns.
 */

/** Parts of a name that say it holds a secret wherever they are: `DB_PASS`, `PASSWORD`, `CLIENT_SECRET`, `GCP_CREDENTIALS`. */
const SECRET_PARTS = /PASS|SECRET|CREDENTIAL/;

/**
 * Words that say a name holds a secret when they follow another word: `MYSQL_PWD`, `BASIC_AUTH`, `HTTP_AUTHORIZATION`,
 * `SESSION_COOKIE`, `GITHUB_PAT`, `SLACK_WEBHOOK` (whose URL path is the secret), `STRIPE_SK`. Alone (`PWD`, the
 * shell's working directory) they do not.
 */
const SECRET_AFTER_ANOTHER_WORD = new Set(["PWD", "AUTH", "AUTHORIZATION", "COOKIE", "PAT", "WEBHOOK", "SK", "KEY", "KEYS"]);

/** Words that are secrets alone: `JWT`, and keys written as one word, `ACCESSKEY`, `SIGNINGKEY`, `PRIVATEKEY`. */
const SECRET_WORD = /^(?:JWT|(?:ACCESS|SIGNING|PRIVATE|SECRET|AUTH|API|MASTER|ENCRYPTION)KEYS?)$/;

/** Words before `TOKENS` or `KEY` that make it a count or a public half rather than a secret. */
const NOT_SECRET_BEFORE: Readonly<Record<string, ReadonlySet<string>>> = {
  TOKENS: new Set(["MAX", "MIN", "NUM", "TOTAL", "N"]),
  KEY: new Set(["PUBLIC"]),
  KEYS: new Set(["PUBLIC"]),
};

/**
 * Whether a setting's name says it holds a secret. Its words are split at `_`, `-` and the like and at camelCase
 * humps. It does when a word contains PASS, SECRET or CREDENTIAL; when a word ends in TOKEN or APIKEY; when a word is
 * TOKENS (not after MAX, MIN, NUM, TOTAL or N), JWT or a one-word key such as ACCESSKEY; or when, after another
 * word, a word is KEY or KEYS (not after PUBLIC), PWD, AUTH, AUTHORIZATION, COOKIE, PAT, WEBHOOK or SK.
 * `HF_TOKEN`, `API_TOKENS`, `OPENAI_API_KEYS`, `MYSQL_PWD` and `openaiKey` do; `PUBLIC_KEY`, `MAX_TOKENS`, `KEY` and
 * `PWD` do not.
 */
export function looksSecret(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== "");
  return words.some((word, index) => {
    const before = words[index - 1];
    if (before !== undefined && NOT_SECRET_BEFORE[word]?.has(before)) return false;
    return (
      SECRET_PARTS.test(word) ||
      word.endsWith("TOKEN") ||
      word.endsWith("APIKEY") ||
      word === "TOKENS" ||
      SECRET_WORD.test(word) ||
      (before !== undefined && SECRET_AFTER_ANOTHER_WORD.has(word))
    );
  });
}

/** Whether `value` is a URL that holds a user name or password, such as `postgres://app:hunter2@db/app`. */
export function holdsCredentials(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.username !== "" || url.password !== "";
}

/**
 * Values that are secrets whatever their name, each with what the note says it looks like (the known prefix only).
 * The lengths keep ordinary words that start the same way (`sk-learn`, `hf_home`) out.
 */
const SECRET_VALUES: ReadonlyArray<{ pattern: RegExp; looksLike: string }> = [
  { pattern: /^sk-[\w-]{20,}$/, looksLike: "an API key (sk-…)" },
  { pattern: /^[rs]k_(?:live|test)_\w{16,}$/, looksLike: "a payment API key (sk_live_…)" },
  { pattern: /^hf_[A-Za-z0-9]{30,}$/, looksLike: "an access token (hf_…)" },
  { pattern: /^(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{30,})$/, looksLike: "a repository access token (ghp_…)" },
  { pattern: /^glpat-[\w-]{20,}$/, looksLike: "a repository access token (glpat-…)" },
  { pattern: /^xox[abeoprs]-[\w-]{10,}$/, looksLike: "a chat workspace token (xox…-)" },
  { pattern: /^(?:AKIA|ASIA)[A-Z0-9]{16}$/, looksLike: "a cloud access key id (AKIA…)" },
  { pattern: /^AIza[\w-]{35}$/, looksLike: "a cloud API key (AIza…)" },
  { pattern: /^(?:npm_[A-Za-z0-9]{36}|pypi-[\w-]{50,})$/, looksLike: "a package registry token" },
  { pattern: /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/, looksLike: "a signed token (JWT)" },
  { pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/, looksLike: "a private key" },
  {
    pattern: /^https:\/\/(?:hooks\.slack\.com\/services|(?:\w+\.)?discord(?:app)?\.com\/api\/webhooks)\//,
    looksLike: "a webhook URL, whose path is its secret",
  },
  // ADO.NET and ODBC connection strings, and JDBC URLs: `Server=db;User Id=app;Password=…`, `…?user=app&password=…`.
  { pattern: /(?:^|[;?&\s])(?:password|pwd|passwd)\s*=/i, looksLike: "a connection string with a password" },
];

/**
 * Why a setting holds a secret, for a note that names it (`looks like a secret`, `is a URL with credentials`, `has a
 * value that looks like an API key (sk-…)`); undefined when nothing says it does. An empty value holds none.
 *
 * @param name the setting's name, such as an environment variable's.
 * @param value its value; never part of the answer.
 */
export function secretReason(name: string, value: string): string | undefined {
  if (value === "") return undefined;
  if (looksSecret(name)) return "looks like a secret";
  if (holdsCredentials(value)) return "is a URL with credentials";
  const known = SECRET_VALUES.find(({ pattern }) => pattern.test(value.trim()));
  return known === undefined ? undefined : `has a value that looks like ${known.looksLike}`;
}
