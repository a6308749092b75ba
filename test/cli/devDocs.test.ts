/**
 * The `/docs` explorer of `computeplatform dev`, rendered by a real headless Chromium (Debian's `chromium`,
 * installed by the set-up where missing): every route of every endpoint is shown with its summary, on loopback and
 * with `--allow-remote` through the link it prints. The screenshot is kept in test-artifacts/ (git-ignored) for a
 * person to look at.
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
let remote: DevServer;

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
  remote = await startDevServer(["dev", "--host", "0.0.0.0", "--allow-remote", "--port", "8951"], {
    cwd: folder,
    env: { COMPUTEPLATFORM_API_URL: api.emulator.url, COMPUTEPLATFORM_API_KEY: api.apiKey },
  });
});

afterAll(async () => {
  await server?.stop();
  await remote?.stop();
  await api?.emulator.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

test("/docs shows every route of every endpoint with its description's first line as summary", { timeout: 180_000 }, async () => {
  const text = await renderedText(`${server.url}/docs`);
  await screenshot(`${server.url}/docs`, "dev-docs");

  for (const method of ["POST", "PUT", "PATCH", "DELETE", "GET"])
    expect(text).toContain(`${method} /api/{route} Serves the embeddings API.`);
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

test(
  "with --allow-remote, the printed link hands the browser its token in a cookie, and the explorer calls the API with it",
  { timeout: 180_000 },
  async () => {
    const [, token] = await remote.waitFor(/^Bearer token \(every caller must send it as Authorization: Bearer <token>\): (\S+)$/m);
    const port = Number(new URL(remote.url).port);
    const [, link] = await remote.waitFor(
      /^API explorer: (\S+) \(the link gives this browser the token, in a cookie only this gateway's own pages send\)$/m,
    );
    expect(link).toBe(`http://0.0.0.0:${port}/docs?token=${token}`);
    const local = `http://127.0.0.1:${port}`;

    const text = await renderedText(`${local}/docs?token=${token}`);

    // Swagger UI fetched the document with the cookie alone: it sends no Authorization header of its own.
    expect(text).toContain("POST /transcribe/runsync Transcribes an audio file.");
    expect(text).toContain("POST /api/{route} Serves the embeddings API.");
    await remote.waitFor(/^ {2}GET \/docs\?token=<redacted> 303 \(\d+ ms\)$/m);
    await remote.waitFor(/^ {2}GET \/docs\/openapi\.json 200 \(\d+ ms\)$/m);
    expect(remote.stdout.split(token!).length - 1).toBe(2);

    // What "Try it out" sends from the page: the gateway's own Origin, the cookie, a JSON body.
    const signIn = await fetch(`${local}/docs?token=${token}`, { redirect: "manual" });
    const cookie = `computeplatform-dev-${port}=${token}`;
    expect([signIn.status, signIn.headers.get("location"), signIn.headers.get("set-cookie")]).toEqual([
      303,
      "/docs",
      `${cookie}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
    const unauthorized = {
      title: "Unauthorized",
      status: 401,
      detail: "this gateway requires a token: send the one it printed at startup as `Authorization: Bearer <token>`",
    };
    const wrongLink = await fetch(`${local}/docs?token=${token!.slice(1)}x`, { redirect: "manual" });
    expect([wrongLink.status, wrongLink.headers.get("set-cookie"), await wrongLink.json()]).toEqual([401, null, unauthorized]);
    const otherPortsCookie = await fetch(`${local}/docs/openapi.json`, { headers: { cookie: `computeplatform-dev-${port + 1}=${token}` } });
    expect(otherPortsCookie.status).toBe(401);
    expect(api.emulator.requests).toEqual([]);

    const tried = await fetch(`${local}/transcribe/run`, {
      method: "POST",
      headers: { cookie, origin: local, "content-type": "application/json" },
      body: JSON.stringify({ input: { url: "a.wav" } }),
    });
    expect([tried.status, ((await tried.json()) as { status: string }).status]).toEqual([200, "IN_QUEUE"]);
  },
);
