/** A JSON object of the v1 API: a request body or one item of a list response. */
export type V1Object = Record<string, unknown>;

/** Whether a JSON value is an object (not an array, not null). */
export function isV1Object(value: unknown): value is V1Object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a list entry must be for v2 to take it. */
export interface EntryRule {
  isValid(entry: string): boolean;
  /** Said of an entry that is not valid, e.g. `"<port>/http" or "<port>/tcp"`. */
  expected: string;
}

/** Whether a value states no setting: absent, or left at "none" as v1 writes it: null, false, 0, "", [] or {}. */
export function setsNothing(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isV1Object(value)) return Object.keys(value).length === 0;
  return value === undefined || value === null || value === false || value === 0 || value === "";
}

/**
 * Reads the fields of one v1 object with the types v1 gives them. Every field read is marked as taken; a value of
 * the wrong type is reported and read as absent. The fields left untaken at the end were not carried over.
 */
export class V1Fields {
  private readonly taken = new Set<string>();

  constructor(
    private readonly source: V1Object,
    private readonly warn: (message: string) => void,
  ) {}

  /** Whether the field holds a value that states a setting (see `setsNothing`). */
  has(field: string): boolean {
    return !setsNothing(this.source[field]);
  }

  /** A string field; `""` reads as absent, as v1 sends it for "not set". */
  string(field: string): string | undefined {
    const value = this.read(field);
    if (value === "") return undefined;
    return this.typed(field, value, typeof value === "string", "a string");
  }

  integer(field: string): number | undefined {
    const value = this.read(field);
    return this.typed(field, value, Number.isInteger(value), "a whole number");
  }

  number(field: string): number | undefined {
    const value = this.read(field);
    return this.typed(field, value, typeof value === "number" && Number.isFinite(value), "a number");
  }

  boolean(field: string): boolean | undefined {
    const value = this.read(field);
    return this.typed(field, value, typeof value === "boolean", "true or false");
  }

  /** A string field holding one of `values`. */
  oneOf<Value extends string>(field: string, values: readonly Value[]): Value | undefined {
    const value = this.string(field);
    if (value === undefined || (values as readonly string[]).includes(value)) return value as Value | undefined;
    this.warn(`"${field}" is "${value}", not one of ${values.join(", ")}; dropped`);
    return undefined;
  }

  /**
   * A list of strings, written by v1 either as an array or as one comma-separated string (`"8888/http,22/tcp"`);
   * entries are trimmed and empty ones left out. With `entry`, entries v2 would refuse are reported and left out.
   */
  stringList(field: string, entry?: EntryRule): string[] | undefined {
    const value = this.read(field);
    const entries = typeof value === "string" ? value.split(",") : value;
    const isList = Array.isArray(entries) && entries.every((item) => typeof item === "string");
    const list = this.typed(field, entries, isList, "a list of strings") as string[] | undefined;
    return list
      ?.map((item) => item.trim())
      .filter((item) => {
        if (item === "") return false;
        if (entry === undefined || entry.isValid(item)) return true;
        this.warn(`"${field}" entry "${item}" is not ${entry.expected}; dropped`);
        return false;
      });
  }

  object(field: string): V1Object | undefined {
    const value = this.read(field);
    return this.typed(field, value, isV1Object(value), "an object") as V1Object | undefined;
  }

  /** The raw value of a field whose shape the caller checks itself. */
  value(field: string): unknown {
    return this.read(field);
  }

  /** Marks fields as handled without reading them. */
  ignore(...fields: string[]): void {
    for (const field of fields) this.taken.add(field);
  }

  /** Reports each of `fields` not yet taken that states a setting as not applying here, e.g. GPU settings of a CPU pod. */
  dropInapplicable(fields: readonly string[], reason: string): void {
    for (const field of fields) {
      if (!this.taken.has(field) && this.has(field)) this.warn(`"${field}" ${reason}; dropped`);
      this.taken.add(field);
    }
  }

  /** The fields not taken, in the order of the object. */
  untaken(): [string, unknown][] {
    return Object.entries(this.source).filter(([field]) => !this.taken.has(field));
  }

  private read(field: string): unknown {
    this.taken.add(field);
    return this.source[field];
  }

  private typed<T>(field: string, value: unknown, matches: boolean, expected: string): T | undefined {
    if (value === undefined || value === null) return undefined;
    if (matches) return value as T;
    this.warn(`"${field}" is not ${expected}; dropped`);
    return undefined;
  }
}
