/** The logical name a manifest keeps for stack config references (`${config.key}`). */
const RESERVED_LOGICAL_NAME = "config";

/**
 * The logical name for a v1 display name: lower case, accents stripped, every run of other characters turned
 * into one `-`. A name that would start with a digit, be empty or be the reserved `config` is prefixed with (or
 * replaced by) `kindWord`, e.g. `"2 GPU trainer"` → `pod-2-gpu-trainer`. Applying it to its own result changes
 * nothing.
 */
export function logicalNameFor(displayName: string | undefined, kindWord: string): string {
  const name = (displayName ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  if (name === "") return kindWord;
  if (!/^[a-z_]/.test(name) || name === RESERVED_LOGICAL_NAME) return `${kindWord}-${name}`;
  return name;
}

/**
 * Hands out the logical names of one manifest, each unique. A name taken by another kind of resource gets the kind
 * appended (a template and an endpoint both called "sdxl" become `sdxl` and `sdxl-endpoint`); a name taken by the
 * same kind gets a number (`trainer`, `trainer-2`). The same claims in the same order give the same names.
 */
export class LogicalNames {
  private readonly kindOf = new Map<string, string>();

  claim(displayName: string | undefined, kindWord: string): string {
    const base = logicalNameFor(displayName, kindWord);
    const owner = this.kindOf.get(base);
    const stem = owner === undefined || owner === kindWord ? base : `${base}-${kindWord}`;
    let name = stem;
    for (let number = 2; this.kindOf.has(name); number++) name = `${stem}-${number}`;
    this.kindOf.set(name, kindWord);
    return name;
  }
}

/**
 * Hands out stack config keys, each unique: the logical name in camel case followed by what the key holds in
 * Pascal case, e.g. `docker-hub` and `password` → `dockerHubPassword`, `trainer` and `HF_TOKEN` → `trainerHfToken`.
 */
export class ConfigKeys {
  private readonly taken = new Set<string>();

  claim(logicalName: string, what: string): string {
    const stem = `${camelCase(logicalName) || "resource"}${pascalCase(what)}`;
    let key = stem;
    for (let number = 2; this.taken.has(key); number++) key = `${stem}${number}`;
    this.taken.add(key);
    return key;
  }
}

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function camelCase(text: string): string {
  const [first = "", ...rest] = words(text);
  return first + rest.map(capitalised).join("");
}

/** `HF_TOKEN` → `HfToken`, `gpuType` → `GpuType`: words in capitals are lowered first. */
function pascalCase(text: string): string {
  return words(text)
    .map((word) => capitalised(word === word.toUpperCase() ? word.toLowerCase() : word))
    .join("");
}
