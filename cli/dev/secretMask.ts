/** What a masked secret reads, as `up` prints it. */
const MASKED = "[secret]";

/**
 * The secret values `dev` has read from stack config, and what it shows with each of them replaced by `[secret]`:
 * a platform error may quote a value it was sent (`Unknown data center "…"`), and errors reach the caller, `GET /`
 * and the log.
 */
export class SecretMask {
  /** Longest first, so that a secret inside another is not left half shown. */
  private secrets: string[] = [];

  /** Masks `value` from now on, as it is and as it reads inside a JSON string. */
  add(value: string): void {
    const forms = [value, JSON.stringify(value).slice(1, -1)].filter((form) => form !== "" && !this.secrets.includes(form));
    if (forms.length > 0) this.secrets = [...this.secrets, ...forms].sort((a, b) => b.length - a.length);
  }

  /** `text` with every secret replaced by `[secret]`. */
  text(text: string): string {
    return this.secrets.reduce((masked, secret) => masked.split(secret).join(MASKED), text);
  }

  /** `value` with every string in it masked, at any depth. */
  value<T>(value: T): T {
    if (typeof value === "string") return this.text(value) as T;
    if (Array.isArray(value)) return value.map((item: unknown) => this.value(item)) as T;
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.value(item)])) as T;
    }
    return value;
  }
}
