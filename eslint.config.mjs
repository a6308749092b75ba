// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "sdk/", "schema/", "test/fixtures/", "coverage/", "test-artifacts/", "bench-results/", "**/*.js", "**/*.cjs"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` is how this code base marks a binding as deliberately unused (a property destructured away, a required parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The CLI loads each command, the gateway and the emulator only when they run, synchronously, so that the other
    // commands start fast and work without the optional server packages installed.
    files: ["cli/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read JSON answers as loosely typed values; what they assert about them is the check.
    files: ["test/**/*.ts", "scripts/bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
