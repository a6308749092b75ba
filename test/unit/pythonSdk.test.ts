/**
 * The generated Python SDK (sdk/python), checked as far as this machine allows: the `pulumi` Python package cannot be
 * installed here (no PyPI), so it is not run; it compiles, and it names every resource, type, function and config
 * variable that the schema has. test/e2e/goSdk.test.ts checks that it is what `npm run sdk` generates.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { PULUMI_SCHEMA_FILE } from "../../scripts/pulumi-schema/pulumiSchema";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

interface PulumiSchema {
  resources: Record<string, unknown>;
  types: Record<string, unknown>;
  functions: Record<string, unknown>;
  config: { variables: Record<string, unknown> };
}

const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, PULUMI_SCHEMA_FILE), "utf8")) as PulumiSchema;
const sdk = path.join(repoRoot, "sdk", "python", "pulumi_computeplatform");
const read = (file: string) => fs.readFileSync(path.join(sdk, file), "utf8");
const names = (tokens: Record<string, unknown>) => Object.keys(tokens).map((token) => token.replace("computeplatform:index:", ""));
/** Python's name for a schema name: `getCheapestGpuType` → `get_cheapest_gpu_type`. */
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

describe("the Python SDK", () => {
  it("compiles, every file of it", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-pycache-"));
    try {
      // The byte code goes to a temporary folder, not into the checkout.
      const result = await exec("python3", ["-m", "compileall", "-q", sdk], { cwd: repoRoot, env: { PYTHONPYCACHEPREFIX: cache } });
      expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
      const compiled = fs.readdirSync(cache, { recursive: true }).filter((file) => String(file).endsWith(".pyc"));
      const sources = fs.readdirSync(sdk, { recursive: true }).filter((file) => String(file).endsWith(".py"));
      expect(compiled.length).toBe(sources.length);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it.each(names(schema.resources))("declares the resource %s in its own module, exported by the package", (name) => {
    expect(read(`${snake(name)}.py`)).toContain(`\nclass ${name}(pulumi.CustomResource):`);
    expect(read("__init__.py")).toContain(`\nfrom .${snake(name)} import *\n`);
  });

  it.each(names(schema.functions))("declares the function %s, plain and with outputs", (name) => {
    const module = read(`${snake(name)}.py`);
    expect(module).toContain(`\ndef ${snake(name)}(`);
    expect(module).toContain(`\ndef ${snake(name)}_output(`);
    expect(read("__init__.py")).toContain(`\nfrom .${snake(name)} import *\n`);
  });

  it.each(names(schema.types))("declares the type %s, as an output or as arguments", (name) => {
    const declared = [`class ${name}(dict):`, `class ${name}Args:`].filter((line) =>
      `${read("outputs.py")}${read("_inputs.py")}`.includes(`\n${line}`),
    );
    expect(declared.length).toBeGreaterThan(0);
  });

  it("declares the provider and its config variables", () => {
    expect(read("provider.py")).toContain("\nclass Provider(pulumi.ProviderResource):");
    for (const variable of Object.keys(schema.config.variables))
      expect(read("config/vars.py")).toContain(`    def ${snake(variable)}(self)`);
  });
});
