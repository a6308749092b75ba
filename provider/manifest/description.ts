/**
 * A resource's summary: the first non-blank line of its manifest `description`, trimmed, as `computeplatform
 * validate` prints it and `computeplatform dev` shows it. Undefined when there is no description.
 *
 * @example descriptionSummary("\n  Transcribes audio.\n  Takes {input: {url}}.\n") === "Transcribes audio."
 */
export function descriptionSummary(description: string | undefined): string | undefined {
  return description
    ?.split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "");
}
