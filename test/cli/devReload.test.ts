/**
 * `computeplatform dev --reload` survives any edit of the manifest: the built CLI as a subprocess on loopback, against
 * an emulator in this process whose request log shows every API call. Nothing is mocked.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { validateManifest } from "../../provider/manifest";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, postJson, startDevOnLoopback } from "../support/devSession";

const REFUSED_EXPANSION = "manifest.yaml:1:1: YAML: Excessive alias count indicates a resource exhaustion attack";

/** A queue endpoint named `name`, as the manifest declares it. */
const queueEndpoint = (name: string) => ({
  type: "ServerlessEndpoint",
  properties: { name, type: "QUEUE", image: "acme/echo:1", gpu: { pools: ["ADA_24"] }, scaling: { type: "QUEUE_DELAY", queueDelay: 4 } },
});

/** A valid manifest with an alias bomb beside its resources: nine levels of nine aliases each, 9^9 strings once expanded. */
function aliasBomb(): string {
  const levels = ['x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < 9; level++) {
    const [name, previous] = [String.fromCharCode(97 + level), String.fromCharCode(96 + level)];
    levels.push(`x-${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`);
  }
  return `${levels.join("\n")}\n${stringify({ resources: { echo: queueEndpoint("echo") } })}`;
}

test("validate reports an alias bomb as a YAML issue of the manifest, without expanding it", async () => {
  expect(await validateManifest({ file: "manifest.yaml", text: aliasBomb() })).toEqual({
    issues: [
      {
        file: "manifest.yaml",
        line: 1,
        column: 1,
        path: "",
        message: "YAML: Excessive alias count indicates a resource exhaustion attack",
      },
    ],
  });
});

describe("dev --reload", () => {
  const emulator = emulatorForDev();
  let folder: string;
  const running: DevServer[] = [];
  const writeManifest = (text: string) => fs.writeFileSync(path.join(folder, "manifest.yaml"), text);

  beforeEach(() => {
    folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-reload-")));
    emulator().emulator.resetRequests();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test(
    "an alias bomb is refused like any invalid edit: the last valid manifest is still served, and a later valid edit is picked up",
    { timeout: 90_000 },
    async () => {
      const api = emulator();
      writeManifest(stringify({ resources: { echo: queueEndpoint("echo") } }));
      const server = await startDevOnLoopback(folder, { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey });
      running.push(server);

      writeManifest(aliasBomb());
      await server.waitFor(/^manifest\.yaml is not valid; still serving the last valid version:\n.*$/m);
      expect(server.stdout).toContain(`manifest.yaml is not valid; still serving the last valid version:\n${REFUSED_EXPANSION}\n`);
      expect(api.emulator.requests).toEqual([]);

      const stillServed = await postJson(`${server.url}/echo/runsync`, { input: { n: 1 } });
      expect([stillServed.status, ((await stillServed.json()) as { output: unknown }).output]).toEqual([200, { n: 1 }]);

      writeManifest(stringify({ resources: { echo: queueEndpoint("echo"), added: queueEndpoint("added") } }));
      await server.waitFor(/^Reloaded manifest\.yaml: 2 serverless endpoints; added added$/m);
      const added = await postJson(`${server.url}/added/runsync`, { input: { n: 2 } });
      expect([added.status, ((await added.json()) as { output: unknown }).output]).toEqual([200, { n: 2 }]);

      const { code, stderr } = await server.stop();
      expect([code, stderr]).toEqual([0, ""]);
    },
  );
});
