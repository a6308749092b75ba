/** How many layers of percent-encoding are undone to find a dot segment hidden in one (`%252e%252e`). */
const DECODING_ROUNDS = 4;

/**
 * Why the part of a gateway path below `/{name}/`, as it came on the wire (still percent-encoded), could reach
 * beyond the endpoint once forwarded, or undefined when it cannot: a backslash (read as `/` by URL parsers), an
 * encoded slash or backslash (`%2F`, `%5C`, also encoded again as `%252F`), or a `.` or `..` segment, plain or encoded.
 */
export function routeEscape(rawPath: string): string | undefined {
  if (rawPath.includes("\\")) return "a backslash";
  const encodedSeparator = /%(?:25)*(?:2f|5c)/i.exec(rawPath);
  if (encodedSeparator) return `an encoded slash or backslash (${encodedSeparator[0]})`;
  let text = rawPath;
  for (let round = 0; round <= DECODING_ROUNDS; round++) {
    const dots = text.split("/").find((segment) => segment === "." || segment === "..");
    if (dots !== undefined) return `a "${dots}" segment`;
    const decoded = percentDecoded(text);
    if (decoded === text) return undefined;
    text = decoded;
  }
  return "too many layers of percent-encoding";
}

/** `text` percent-decoded once; as it is when it is not valid percent-encoding, as a server would leave it. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
