/**
 * v1 `dockerStartCmd` as the one v2 `args` string: the words joined by spaces, each word that a shell would split
 * or expand put in single quotes, e.g. `["python", "serve.py", "--name", "my model"]` → `python serve.py --name 'my model'`.
 */
export function joinCommandLine(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(" ");
}
