/** The one rule that says whether a setting holds a secret, by its name or by its value. */
import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import { holdsCredentials, looksSecret, secretReason } from "../../cli/secretRule";

const BY_NAME = "looks like a secret";

describe("looksSecret", () => {
  test.each<{ name: string; secret: boolean }>([
    { name: "HF_TOKEN", secret: true },
    { name: "HUGGING_FACE_HUB_TOKEN", secret: true },
    { name: "DB_PASSWORD", secret: true },
    { name: "JUPYTER_PASSWORD", secret: true },
    { name: "SMTP_PASSWD", secret: true },
    { name: "AWS_SECRET_ACCESS_KEY", secret: true },
    { name: "AWS_ACCESS_KEY_ID", secret: true },
    { name: "OPENAI_API_KEY", secret: true },
    { name: "APIKEY", secret: true },
    { name: "SSH_PRIVATE_KEY", secret: true },
    { name: "GOOGLE_APPLICATION_CREDENTIALS", secret: true },
    { name: "secret-name", secret: true },
    { name: "OPENAI_KEY", secret: true },
    { name: "DB_PASS", secret: true },
    { name: "DBPASS", secret: true },
    { name: "POSTGRES_PASSPHRASE", secret: true },
    { name: "GITHUBTOKEN", secret: true },
    { name: "openaiKey", secret: true },
    { name: "dbPassword", secret: true },
    { name: "clientSecret", secret: true },
    // The names a review found left in clear.
    { name: "MYSQL_PWD", secret: true },
    { name: "DB_PWD", secret: true },
    { name: "BASIC_AUTH", secret: true },
    { name: "HTTP_AUTHORIZATION", secret: true },
    { name: "SESSION_COOKIE", secret: true },
    { name: "ACCESSKEY", secret: true },
    { name: "SIGNINGKEY", secret: true },
    { name: "GITHUB_PAT", secret: true },
    { name: "SLACK_WEBHOOK", secret: true },
    { name: "JWT", secret: true },
    { name: "STRIPE_SK", secret: true },
    { name: "API_TOKENS", secret: true },
    { name: "OPENAI_API_KEYS", secret: true },
    { name: "sessionCookie", secret: true },
    { name: "PUBLIC_KEY", secret: false },
    { name: "SSH_PUBLIC_KEY", secret: false },
    { name: "SSH_PUBLIC_KEYS", secret: false },
    { name: "publicKey", secret: false },
    { name: "MAX_TOKENS", secret: false },
    { name: "maxTokens", secret: false },
    { name: "NUM_TOKENS", secret: false },
    { name: "KEY", secret: false },
    { name: "KEY_NAME", secret: false },
    { name: "PWD", secret: false },
    { name: "AUTHOR", secret: false },
    { name: "MODEL_NAME", secret: false },
    { name: "DATABASE_URL", secret: false },
    { name: "PATH", secret: false },
    { name: "SKU", secret: false },
  ])("$name: $secret", ({ name, secret }) => {
    expect(looksSecret(name)).toBe(secret);
  });
});

describe("holdsCredentials", () => {
  test.each<{ value: string; credentials: boolean }>([
    { value: "postgres://app:hunter2@db/app", credentials: true },
    { value: "https://x-access-token@github.com/org/repo.git", credentials: true },
    { value: "redis://:s3cret@cache:6379/0", credentials: true },
    { value: "redis://cache:6379/0", credentials: false },
    { value: "https://huggingface.co/org/model", credentials: false },
    { value: "mailto:ops@example.com", credentials: false },
    { value: "user@host", credentials: false },
    { value: "not a url", credentials: false },
  ])("$value: $credentials", ({ value, credentials }) => {
    expect(holdsCredentials(value)).toBe(credentials);
  });
});

describe("secretReason", () => {
  const token = (prefix: string, length: number) => `${prefix}${"aB3".repeat(length).slice(0, length)}`;
  test.each<{ case: string; name: string; value: string; reason: string | undefined }>([
    { case: "a secret name", name: "DB_PWD", value: "x", reason: BY_NAME },
    { case: "an empty value, whatever the name", name: "DB_PWD", value: "", reason: undefined },
    { case: "a URL with credentials", name: "DATABASE_URL", value: "postgres://app:hunter2@db/app", reason: "is a URL with credentials" },
    { case: "a project API key", name: "LLM", value: token("sk-proj-", 40), reason: "has a value that looks like an API key (sk-…)" },
    { case: "an API key", name: "LLM", value: token("sk-", 48), reason: "has a value that looks like an API key (sk-…)" },
    {
      case: "a payment key",
      name: "BILLING",
      value: token("sk_live_", 24),
      reason: "has a value that looks like a payment API key (sk_live_…)",
    },
    { case: "a model hub token", name: "HUB", value: token("hf_", 34), reason: "has a value that looks like an access token (hf_…)" },
    {
      case: "a repository token",
      name: "GH",
      value: token("ghp_", 36),
      reason: "has a value that looks like a repository access token (ghp_…)",
    },
    {
      case: "a fine-grained one",
      name: "GH",
      value: token("github_pat_", 60),
      reason: "has a value that looks like a repository access token (ghp_…)",
    },
    {
      case: "a chat bot token",
      name: "BOT",
      value: "xoxb-1234567890-abcdefghij",
      reason: "has a value that looks like a chat workspace token (xox…-)",
    },
    {
      case: "a cloud access key id",
      name: "AWS_ID",
      value: "AKIAIOSFODNN7EXAMPLE",
      reason: "has a value that looks like a cloud access key id (AKIA…)",
    },
    {
      case: "a JWT",
      name: "BEARER_VALUE",
      value: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
      reason: "has a value that looks like a signed token (JWT)",
    },
    {
      case: "a webhook URL",
      name: "NOTIFY",
      value: "https://hooks.slack.com/services/T000/B000/XXXXXXXX",
      reason: "has a value that looks like a webhook URL, whose path is its secret",
    },
    {
      case: "a connection string with a password",
      name: "DB",
      value: "Server=db;Database=app;User Id=app;Password=hunter2;",
      reason: "has a value that looks like a connection string with a password",
    },
    {
      case: "a JDBC URL with a password",
      name: "DB",
      value: "jdbc:mysql://db:3306/app?user=app&password=hunter2",
      reason: "has a value that looks like a connection string with a password",
    },
    {
      case: "a private key",
      name: "CERT",
      value: "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n",
      reason: "has a value that looks like a private key",
    },
    { case: "a library name that starts like a key", name: "LIB", value: "sk-learn", reason: undefined },
    { case: "a path that starts like a token", name: "HOME_DIR", value: "hf_home", reason: undefined },
    { case: "a plain URL", name: "CACHE_URL", value: "redis://cache:6379/0", reason: undefined },
    { case: "a count", name: "MAX_TOKENS", value: "4096", reason: undefined },
  ])("$case", ({ name, value, reason }) => {
    expect(secretReason(name, value)).toBe(reason);
  });

  test("a known token prefix is a secret whatever follows it and whatever the name, and the value is never in the reason", () => {
    const prefixes = ["sk-", "sk-proj-", "hf_", "ghp_", "xoxb-", "xoxp-"];
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        fc.stringMatching(/^[A-Za-z0-9]{40,60}$/),
        fc.stringMatching(/^[A-Z][A-Z0-9_]{0,20}$/),
        (prefix, rest, name) => {
          const reason = secretReason(name, `${prefix}${rest}`);
          expect(reason).toBeDefined();
          expect(reason).not.toContain(rest);
        },
      ),
    );
  });

  test("a value of lowercase letters, digits, spaces, dots, colons and slashes is never a secret by its value", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 .:/]{0,40}$/), (value) => {
        expect(secretReason("MODEL_NAME", value)).toBeUndefined();
      }),
    );
  });
});
