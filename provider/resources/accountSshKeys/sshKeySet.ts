// Set arithmetic on SSH key lists: the account holds a set, so order never counts as a change.

/** True when both lists hold the same keys, whatever their order. */
export function sameKeySet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
}

/** `keys` without any of `removed`, in their order. */
export function keysWithout(keys: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed);
  return keys.filter((key) => !gone.has(key));
}

/**
 * The live set as a resource reports it: in the declared order when it holds exactly the declared keys, so
 * that a reordering by the service never shows up as a change.
 */
export function liveKeysInDeclaredOrder(live: readonly string[], declared: readonly string[]): string[] {
  return sameKeySet(live, declared) ? [...declared] : [...live];
}
