/**
 * What the CLI prints from a manifest reaches the terminal without the escape sequences a manifest can carry (here
 * a clipboard write and a line erase in a description): `validate` and the `dev` start-up table, the built CLI as a
 * subprocess.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { terminalText } from "../../cli/terminalText";
import type { DevServer } from "../support/devServer";
import { emulatorForDev, startDevOnLoopback } from "../support/devSession";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

/** A clipboard write (OSC 52), a line erase (CSI 2K) and a right-to-left override, then ordinary text. */
const HOSTILE = "Echoes\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007 its\u001b[2K\r input\u202e.";
const SHOWN = "Echoes\ufffd]52;c;Y3VybCBldmlsLnNoIHwgc2g=\ufffd its\ufffd[2K\ufffd input\ufffd.";

let folder: string;

beforeEach(() => {
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-terminal-")));
  fs.writeFileSync(
    path.join(folder, "manifest.yaml"),
    stringify({
      resources: {
        echo: {
          type: "ServerlessEndpoint",
          description: HOSTILE,
          properties: {
            name: "echo",
            type: "QUEUE",
            image: "acme/echo:1",
            gpu: { pools: ["ADA_24"] },
            scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
          },
        },
      },
    }),
  );
});

afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

test.each([
  { case: "escape, bell, carriage return, tab", text: "a\u001b[31mb\u0007c\rd\te", shown: "a\ufffd[31mb\ufffdc\ufffdd\ufffde" },
  { case: "DEL and a C1 control (CSI)", text: "a\u007fb\u009bc", shown: "a\ufffdb\ufffdc" },
  { case: "bidirectional overrides and isolates", text: "a\u202eb\u2066c\u2069", shown: "a\ufffdb\ufffdc\ufffd" },
  { case: "line feeds, and letters of any script", text: "première\nligne → 第二", shown: "première\nligne → 第二" },
])("terminalText: $case", ({ text, shown }) => {
  expect(terminalText(text)).toBe(shown);
});

test("validate prints the description with every control character replaced", async () => {
  const validated = await exec(process.execPath, [path.join(repoRoot, "dist", "cli", "main.js"), "validate", "manifest.yaml"], {
    cwd: folder,
  });
  expect(validated).toEqual({
    code: 0,
    stdout: `manifest.yaml is valid: 1 resource, in the order they are created:\n  ServerlessEndpoint  echo  ${SHOWN}\n`,
    stderr: "",
  });
});

describe("computeplatform dev", () => {
  const emulator = emulatorForDev();
  let server: DevServer | undefined;

  afterEach(async () => {
    await server?.stop();
  });

  test("its start-up table shows the description with every control character replaced", { timeout: 90_000 }, async () => {
    const api = emulator();
    api.emulator.resetRequests();
    server = await startDevOnLoopback(folder, { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey });
    await server.waitFor(/^API explorer: /m);
    expect(server.stdout.split("\n").slice(0, 3)).toEqual([
      "computeplatform dev: manifest.yaml, 1 serverless endpoint",
      "  ENDPOINT  TYPE   ROUTE               DESCRIPTION",
      `  echo      QUEUE  POST /echo/runsync  ${SHOWN}`,
    ]);
    expect(["\u001b", "\u0007", "\u202e"].filter((character) => server!.stdout.includes(character))).toEqual([]);
    expect(api.emulator.requests).toEqual([]);
  });
});
