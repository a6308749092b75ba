/**
 * The Go SDK (sdk/go): it is exactly what `npm run sdk` generates from the committed schema (and so is
 * sdk/python), it builds and vets, and examples/go-gpu-pod runs as it is written through the Go Automation API
 * against the emulator and the packed package's native plugin: the `go test` suite in test/go, whose steps each
 * leave the emulator's REST answers equal to the exported state (see test/go/gpuPod_test.go).
 *
 * Go downloads the modules these need once into its module cache (GOMODCACHE) and compiles them once into its
 * build cache; later runs reuse both. The generator is built once per version of its inputs (scripts/sdkgen.sh keys
 * its cache by the pinned Pulumi version and a hash of tools/sdkgen), so a warm run only runs it.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ensurePulumiCli } from "../../automation";
import { startEmulator } from "../../emulator";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

/**
 * With an empty Go build cache, vetting first compiles the Pulumi Go SDK and sdk/go: minutes, once (about 10 for
 * the vet and 3 for the Automation API program on a heavily loaded 2-core machine; warm, about 5 s and 1.5 min).
 */
const GO_TIMEOUT = 1_200_000;

/** The steps of test/go's suite (the subtests of TestGpuPodExample), in order, as `go test -v` names them. */
const GO_STEPS = [
  "preview_--diff_shows_the_pod's_env_as_[secret]",
  "up_creates_the_volume,_the_pod_that_mounts_it_on_the_invoked_GPU_type,_and_the_second_account's_volume",
  "preview_right_after_up_shows_no_changes",
  "a_mount_path_edit_updates_the_pod_in_place",
  "a_GPU_memory_edit_that_picks_another_GPU_type_replaces_the_pod",
  "refresh_after_an_out-of-band_delete_drops_the_pod_from_state",
  "destroy_deletes_everything,_in_both_accounts",
];

/**
 * The steps this run takes, and the `go test` arguments that choose them: every step, or those COMPUTEPLATFORM_GO_STEPS
 * names by the plain start of their names (space-separated), as the Node 24 leg does (scripts/toolchain-leg.sh). A start
 * that is not plain, or does not name exactly one step, fails the run rather than skip a step without a word.
 */
function goSteps(): { steps: string[]; run: string[] } {
  const starts = (process.env.COMPUTEPLATFORM_GO_STEPS ?? "").split(" ").filter((start) => start !== "");
  if (starts.length === 0) return { steps: GO_STEPS, run: [] };
  const steps = starts.map((start) => {
    const named = GO_STEPS.filter((step) => step.startsWith(start));
    if (!/^[\w-]+$/.test(start) || named.length !== 1) {
      throw new Error(`COMPUTEPLATFORM_GO_STEPS: "${start}" is not the plain start of exactly one step of test/go`);
    }
    return named[0]!;
  });
  return { steps, run: [`-run=^TestGpuPodExample$/^(${starts.join("|")})`] };
}

/** Every file below `dir`, by path relative to it, with its bytes. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = fs.readFileSync(file, "utf8");
  }
  return files;
}

/** Runs `go <args>` in `dir` (relative to the repository) and asserts that it succeeds; returns its output. */
async function go(dir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const result = await exec("go", args, { cwd: path.join(repoRoot, dir), env });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.code, `go ${args.join(" ")} in ${dir}:\n${output}`).toBe(0);
  return output;
}

describe("the Go SDK", () => {
  const apiKey = `e2e-${randomBytes(18).toString("base64url")}`;
  const teamKey = `e2e-team-${randomBytes(18).toString("base64url")}`;
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let generated: string;

  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      apiKeys: [apiKey, { key: teamKey, account: "team" }],
      timings: { provisioningMs: 200, startingMs: 300 },
    });
    generated = fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-sdk-"));
  });

  afterAll(async () => {
    await emulator?.close();
    if (generated) fs.rmSync(generated, { recursive: true, force: true });
  });

  it(
    "sdk/go and sdk/python are byte for byte what `npm run sdk` generates from the committed schema",
    { timeout: GO_TIMEOUT },
    async () => {
      const result = await exec("bash", [path.join(repoRoot, "scripts/sdkgen.sh"), generated], { cwd: repoRoot });
      expect(result.code, result.stderr).toBe(0);
      for (const language of ["go", "python"]) {
        const message = `sdk/${language} is out of date: run \`npm run sdk\` and commit the result`;
        expect(tree(path.join(repoRoot, "sdk", language)), message).toEqual(tree(path.join(generated, language)));
      }
    },
  );

  it("sdk/go builds and vets, and so does the example as its own program", { timeout: GO_TIMEOUT }, async () => {
    await go("sdk/go", ["vet", "./..."]);
    await go("examples/go-gpu-pod", ["vet", "./..."]);
  });

  it(
    "examples/go-gpu-pod runs through the Automation API against the emulator and the packed plugin, every step in sync",
    { timeout: GO_TIMEOUT },
    async () => {
      const pulumi = await ensurePulumiCli();
      const pluginBin = path.join(inject("programFolder"), "node_modules", ".bin");
      expect(fs.existsSync(path.join(pluginBin, "pulumi-resource-computeplatform"))).toBe(true);
      const { steps, run } = goSteps();
      const output = await go("test/go", ["test", "-count=1", "-v", "-timeout=10m", ...run, "./..."], {
        PATH: [path.dirname(pulumi.path), pluginBin, process.env.PATH ?? ""].join(path.delimiter),
        COMPUTEPLATFORM_TEST_API_URL: emulator.url,
        COMPUTEPLATFORM_TEST_API_KEY: apiKey,
        COMPUTEPLATFORM_TEST_TEAM_API_KEY: teamKey,
      });
      const passed = [...output.matchAll(/^\s*--- PASS: (\S+)/gm)].map((match) => match[1]);
      expect(passed).toEqual(["TestGpuPodExample", ...steps.map((step) => `TestGpuPodExample/${step}`)]);
      expect(emulator.snapshot().networkVolumes).toEqual([]);
    },
  );
});
