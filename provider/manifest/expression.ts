import { ComputePlatformError, UserError } from "../errors";

/** One step from a reference's root: a property name or an array index. */
export type Accessor = string | number;

/** `${root.path[0]}` as written in a manifest: a resource's output, or `config.<key>` for stack config. */
export interface Reference {
  root: string;
  path: Accessor[];
}

/** A string of a manifest that holds references: literal text and references, in order. */
export class Interpolation {
  constructor(readonly parts: ReadonlyArray<string | Reference>) {}

  /** The single reference the whole string consists of, which keeps its value's type; otherwise undefined. */
  get whole(): Reference | undefined {
    const [only] = this.parts;
    return this.parts.length === 1 && typeof only !== "string" ? only : undefined;
  }

  get references(): Reference[] {
    return this.parts.filter((part): part is Reference => typeof part !== "string");
  }
}

const NAME = /[A-Za-z_][A-Za-z0-9_-]*/y;
const INDEX = /\[(\d+)\]/y;
const QUOTED_KEY = /\["((?:[^"\\]|\\.)*)"\]/y;
const CONFIG_KEY = /(?:[A-Za-z0-9_-]+:)?[A-Za-z0-9_.-]+/y;

/**
 * Parses a manifest string. Text outside `${…}` is literal, and `$${` writes a literal `${`. Inside, a reference
 * is a name followed by `.name`, `[index]` or `["key"]` steps; `config.<key>` takes a stack config key, which may
 * carry a namespace (`config.aws:region`). Returns the string itself when it holds no reference.
 */
export function parseExpression(text: string): string | Interpolation {
  const parts: Array<string | Reference> = [];
  let literal = "";
  let at = 0;
  while (at < text.length) {
    if (text.startsWith("$${", at)) {
      literal += "${";
      at += 3;
    } else if (text.startsWith("${", at)) {
      const end = text.indexOf("}", at + 2);
      if (end === -1) throw new ExpressionError(`unterminated reference "${text.slice(at)}": a reference ends with "}"`);
      if (literal !== "") parts.push(literal);
      literal = "";
      parts.push(parseReference(text.slice(at + 2, end)));
      at = end + 1;
    } else {
      literal += text[at];
      at += 1;
    }
  }
  if (parts.length === 0) return literal;
  if (literal !== "") parts.push(literal);
  return new Interpolation(parts);
}

/** A reference written wrongly. */
export class ExpressionError extends ComputePlatformError {}

function parseReference(body: string): Reference {
  const fail = (why: string) => new ExpressionError(`invalid reference "\${${body}}": ${why}`);
  const root = match(NAME, body, 0);
  if (root === undefined) throw fail("it must start with a resource name or `config`");
  let at = root[0].length;
  const path: Accessor[] = [];
  if (root[0] === "config") {
    const key = body[at] === "." ? match(CONFIG_KEY, body, at + 1) : undefined;
    if (key === undefined || at + 1 + key[0].length !== body.length) throw fail("write a stack config key as `config.<key>`");
    return { root: "config", path: [key[0]] };
  }
  while (at < body.length) {
    const step = body[at] === "." ? match(NAME, body, at + 1) : (match(INDEX, body, at) ?? match(QUOTED_KEY, body, at));
    if (step === undefined) throw fail(`unexpected "${body.slice(at)}"; use .name, [index] or ["key"]`);
    if (body[at] === ".") {
      path.push(step[0]);
      at += 1 + step[0].length;
    } else {
      const [written, value] = step;
      path.push(written.startsWith('["') ? (JSON.parse(`"${value}"`) as string) : Number(value));
      at += written.length;
    }
  }
  return { root: root[0], path };
}

function match(pattern: RegExp, text: string, at: number): RegExpExecArray | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text) ?? undefined;
}

/** Writes a reference back as it would appear in a manifest, for messages. */
export function formatReference(reference: Reference): string {
  return `\${${reference.root}${formatSteps(reference.path, reference.root === "config")}}`;
}

/** Writes accessor steps as a reference would, e.g. `.members[0].cluster.ip`; `dotted` writes every name after a dot. */
export function formatSteps(path: readonly Accessor[], dotted = false): string {
  return path
    .map((step) =>
      typeof step === "number" ? `[${step}]` : /^[A-Za-z_][A-Za-z0-9_-]*$/.test(step) || dotted ? `.${step}` : `[${JSON.stringify(step)}]`,
    )
    .join("");
}

/**
 * The value a reference's accessor path reaches inside `value`. When a step finds nothing (a missing element, key or
 * property, or nothing to step into) the answer is `missing(index of that step, what was there)`.
 * @param missing @default undefined for any step that finds nothing
 */
export function valueAt(
  value: unknown,
  path: readonly Accessor[],
  missing: (step: number, found: unknown) => unknown = () => undefined,
): unknown {
  let current = value;
  for (const [index, step] of path.entries()) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, step)) return missing(index, current);
    current = (current as Record<Accessor, unknown>)[step];
  }
  return current;
}

/**
 * The value `${root.output<path>}` reaches inside the output's value at deployment; a step that finds nothing throws,
 * naming the reference and what was there (`training.members has 2 elements, no [5]`), instead of yielding undefined.
 */
export function referencedValue(reference: Reference, output: unknown): unknown {
  const [name, ...path] = reference.path;
  return valueAt(output, path, (index, found) => {
    const where = `${reference.root}${formatSteps([name!, ...path.slice(0, index)])}`;
    const step = path[index]!;
    throw new UserError(`${formatReference(reference)} reaches nothing at deployment: ${where} ${contents(found, step)}`);
  });
}

function contents(found: unknown, step: Accessor): string {
  const wanted = typeof step === "number" ? `[${step}]` : JSON.stringify(step);
  if (Array.isArray(found)) return `has ${found.length} element${found.length === 1 ? "" : "s"}, no ${wanted}`;
  if (found !== null && typeof found === "object") {
    const keys = Object.keys(found);
    return `has no ${wanted}; it has ${keys.length > 0 ? keys.join(", ") : "nothing"}`;
  }
  return found === null || found === undefined ? "is not set" : `is ${JSON.stringify(found)}, with no ${wanted}`;
}
