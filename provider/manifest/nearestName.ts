/**
 * The name among `names` nearest in spelling to `written`, for a "did you mean": the fewest one-character edits,
 * and at most a third of its length (at least 1); undefined when none is that close.
 * @example nearestName("imgae", ["image", "name"]) // "image"
 */
export function nearestName(written: string, names: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(written.length / 3));
  let nearest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(written, name);
    if (distance <= limit && (nearest === undefined || distance < nearest.distance)) nearest = { name, distance };
  }
  return nearest?.name;
}

/**
 * How many one-character insertions, deletions, substitutions or swaps of two neighbours turn `a` into `b` (the
 * optimal string alignment distance: `imgae` is one swap from `image`).
 */
function editDistance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
