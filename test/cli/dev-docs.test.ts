/**
 * The `/docs` explorer of `computeplatform dev`, rendered by a real headless Chromium (Debian's `chromium`,
 * installed by the set-up where missing): every route of every endpoint is shown with its summary. The screenshot is
 * kept in test-artifacts/ (git-ignored) for a person to look at.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ensureBuilt } from "../support/build";
import { ensureChromium, renderedText, screenshot } from "../support/chromium";
import { type DevServer, startDevServer } from "../support/devServer";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

const manifest = `resources:
  transcribe:
    type: ServerlessEndpoint
    description: |
      Transcribes an audio file.
      Takes {input: {url}} and answers the text.
    properties:
      name: transcribe
      type: QUEUE
      image: acme/whisper:1
      gpu: { pools: ["ADA_24"] }
      scaling: { type: QUEUE_DELAY, queueDelay: 4 }
  api:
    type: ServerlessEndpoint
    description: Serves the embeddings API.
    properties:
      name: api
      type: LOAD_BALANCER
      image: acme/embeddings:3
      cpu: [{ id: cpu3c, vcpuCount: 2 }]
      scaling: { type: REQUEST_COUNT, requestCount: 10 }
  resize:
    type: ServerlessEndpoint
    properties:
      name: resize
      type: QUEUE
      image: acme/resize:1
      cpu: [{ id: cpu3c, vcpuCount: 2 }]
      scaling: { type: QUEUE_DELAY, queueDelay: 4 }
`;

let api: TestEmulator;
let folder: string;
let server: DevServer;

beforeAll(async () => {
  ensureBuilt();
  ensureChromium();
  api = await startTestEmulator();
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-dev-docs-")));
  fs.writeFileSync(path.join(folder, "manifest.yaml"), manifest);
  server = await startDevServer(["dev", "--host", "127.0.0.1", "--port", "8931"], {
    cwd: folder,
    env: { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey },
  });
});

afterAll(async () => {
  await server?.stop();
  await api?.emulator.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

test("/docs shows every route of every endpoint with its description's first line as summary", { timeout: 180_000 }, async () => {
  const text = await renderedText(`${server.url}/docs`);
  await screenshot(`${server.url}/docs`, "dev-docs");

  for (const method of ["POST", "PUT", "PATCH", "DELETE", "GET"]) expect(text).toContain(`${method} /api/{route} Serves the embeddings API.`);
  expect(text).toContain("POST /transcribe/runsync Transcribes an audio file.");
  expect(text).toContain("POST /transcribe/run Transcribes an audio file.");
  expect(text).toContain("GET /transcribe/status/{jobId} Transcribes an audio file.");
  // Without a description, the endpoint's name is the summary.
  expect(text).toContain("POST /resize/runsync resize");
  expect(text).not.toContain("Takes {input: {url}}");
  expect(text).toContain("computeplatform dev: manifest.yaml");
  expect(text).not.toContain(api.apiKey);
  // Rendering the explorer deploys nothing.
  expect(api.emulator.requests).toEqual([]);
});
