const PREFIX = "#/definitions/";

/** The `$ref` that typescript-json-schema writes for the definition `name`. */
export function definitionRef(name: string): string {
  return PREFIX + encodeURIComponent(name);
}

/** The name of the definition that `ref` points to; undefined when it is no local definition's `$ref`. */
export function definitionName(ref: string | undefined): string | undefined {
  return ref?.startsWith(PREFIX) ? decodeURIComponent(ref.slice(PREFIX.length)) : undefined;
}
