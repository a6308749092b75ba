/** How many layers of percent-encoding are undone to find a dot segment hidden in one (`%252e%252e`). */
const DECODING_ROUNDS = 4;

/**
 * Why a URL path, as it goes on the wire (still percent-encoded), could reach beyond where it was meant to once a
 * server or proxy reads it, or undefined when it cannot: a backslash (read as `/` by URL parsers), an encoded slash
 * or backslash (`%2F`, `%5C`, also encoded again as `%252F`), or a segment that some server reads as `.` or `..`:
 * plain, percent-encoded, or cut short at a `;` (`..;`) or a NUL (`..%00`).
 */
export function pathEscape(rawPath: string): string | undefined {
  if (rawPath.includes("\\")) return "a backslash";
  const encodedSeparator = /%(?:25)*(?:2f|5c)/i.exec(rawPath);
  if (encodedSeparator) return `an encoded slash or backslash (${encodedSeparator[0]})`;
  let text = rawPath;
  for (let round = 0; round <= DECODING_ROUNDS; round++) {
    const dots = text.split("/").find((segment) => isDotSegment(segment.replace(/[;\0].*$/s, "")));
    if (dots !== undefined) return `a ${JSON.stringify(dots)} segment`;
    const decoded = percentDecoded(text);
    if (decoded === text) return undefined;
    text = decoded;
  }
  return "too many layers of percent-encoding";
}

/** True for `.` and `..`, the segments a URL parser resolves away (so an id must never be one). */
export function isDotSegment(segment: string): boolean {
  return segment === "." || segment === "..";
}

/** `text` percent-decoded once; as it is when it is not valid percent-encoding, as a server would leave it. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
