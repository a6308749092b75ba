import * as readline from "node:readline/promises";

/**
 * Asks a yes/no `question` on `output` and reads the answer from `input`: true for `y` or `yes` (any case), false for
 * anything else, an empty line included, and for an input that ends before answering.
 */
export async function askYesNo(
  question: string,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<boolean> {
  const terminal = readline.createInterface({ input, output });
  const ended = new Promise<string>((resolve) => terminal.once("close", () => resolve("")));
  try {
    return /^y(es)?$/i.test((await Promise.race([terminal.question(`${question} [y/N] `), ended])).trim());
  } finally {
    terminal.close();
  }
}
