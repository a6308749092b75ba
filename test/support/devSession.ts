import * as net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { ensureBuilt } from "./build";
import { type DevServer, startDevServer } from "./devServer";
import { startTestEmulator, type TestEmulator } from "./emulator";

/** A loopback port nothing listens on now; `dev` moves on by itself should another process take it meanwhile. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `computeplatform dev manifest.yaml` on 127.0.0.1 and a free port in `cwd`, with `args` after. */
export async function startDevOnLoopback(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<DevServer> {
  return startDevServer(["dev", "manifest.yaml", "--host", "127.0.0.1", "--port", String(await freePort()), ...args], { cwd, env });
}

/** A JSON POST, as a caller of the gateway sends one. */
export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/**
 * Builds the CLI and starts an emulator before the tests of the file or `describe` block it is called in, and
 * closes it after them. Returns the emulator, for use inside those tests and their hooks.
 */
export function emulatorForDev(): () => TestEmulator {
  let api: TestEmulator | undefined;
  beforeAll(async () => {
    ensureBuilt();
    api = await startTestEmulator();
  });
  afterAll(async () => {
    await api?.emulator.close();
  });
  return () => api!;
}
