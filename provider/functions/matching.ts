/**
 * The items that match every filter given: a filter is named for the field it must equal, and one left undefined
 * matches anything. The API filters none of these; the data functions match them on what it lists.
 */
export function matching<Item>(items: readonly Item[], filters: { [Field in keyof Item]?: Item[Field] | undefined }): Item[] {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  return items.filter((item) => given.every(([field, value]) => item[field as keyof Item] === value));
}
