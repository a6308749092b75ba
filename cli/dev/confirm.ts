import { askYesNo } from "../askYesNo";

/**
 * Asks a yes/no `question` on the terminal; `yes` answers it without asking. Without a terminal to ask on, the
 * answer is no, and a line says how to answer it instead.
 */
export async function confirm(question: string, yes: boolean, out: (line: string) => void): Promise<boolean> {
  if (yes) {
    out(`${question} yes (--yes)`);
    return true;
  }
  if (!process.stdin.isTTY) {
    out(`${question} no: there is no terminal to answer on; pass --yes to answer yes`);
    return false;
  }
  return askYesNo(question);
}
