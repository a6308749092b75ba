/**
 * The characters a terminal acts on rather than shows: the C0 controls but the line feed (escape sequences start with
 * ESC and can erase lines or write the clipboard), DEL, the C1 controls, and the bidirectional overrides and isolates
 * that reorder what is shown.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** What stands in for each unprintable character: one character, so that columns stay aligned. */
export const REPLACEMENT = "\ufffd";

/**
 * Text from a manifest (or anything the user did not write on the command line) made safe to print on a terminal:
 * each character a terminal would act on is replaced with U+FFFD. Line feeds are kept.
 */
export function terminalText(text: string): string {
  return text.replace(UNPRINTABLE, REPLACEMENT);
}
