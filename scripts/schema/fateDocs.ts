import { kinds } from "../../provider/kindRegistry";
import { fateSentences } from "../../provider/resources/lifecycle/fateSentence";

/**
 * The properties of a kind's arguments with each declared field's description ending in what a change of it does,
 * generated from its fate (see `fateSentence`), so that the doc and the diff cannot disagree.
 */
export function withFateDocs<Property>(kind: string, properties: Record<string, Property>): Record<string, Property> {
  const declaration = (kinds as Record<string, { declaration?: Parameters<typeof fateSentences>[0] }>)[kind]?.declaration;
  if (declaration === undefined) return properties;
  const sentences = fateSentences(declaration);
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const sentence = sentences.get(name);
      if (sentence === undefined || typeof property !== "object" || property === null) return [name, property];
      const { description } = property as { description?: string };
      return [name, { ...property, description: description ? `${description} ${sentence}` : sentence }];
    }),
  );
}
