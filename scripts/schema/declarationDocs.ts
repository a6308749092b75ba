import * as path from "node:path";
import * as ts from "typescript";

/**
 * The TSDoc of every class and function declared in the files under `folders` (relative to the project root), by
 * name, with the lines of each paragraph joined.
 */
export function declarationDocs(program: ts.Program, projectRoot: string, folders: readonly string[]): Map<string, string> {
  const checker = program.getTypeChecker();
  const docs = new Map<string, string>();
  for (const file of program.getSourceFiles()) {
    const relative = path.relative(projectRoot, file.fileName).split(path.sep).join("/");
    if (!folders.some((folder) => relative.startsWith(`${folder}/`))) continue;
    for (const statement of file.statements) {
      if (!(ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) || statement.name === undefined) continue;
      const symbol = checker.getSymbolAtLocation(statement.name);
      const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)) : "";
      if (text !== "") docs.set(statement.name.text, text.replace(/(?<!\n)\n(?!\n)/g, " "));
    }
  }
  return docs;
}
