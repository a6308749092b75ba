import { randomBytes } from "node:crypto";
import type { ConfigEntry } from "../../automation";
import { type EmulatorOptions, startEmulator } from "../../emulator";

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

/** An emulator on a free loopback port with a fresh random API key, and the stack config that targets it. */
export interface TestEmulator {
  emulator: Emulator;
  apiKey: string;
  /** `computeplatform:apiUrl` and the secret `computeplatform:apiKey`. */
  stackConfig: Record<string, ConfigEntry>;
  /** Sends a request with the API key, as a client outside the stack would (an out-of-band change). */
  request(method: string, path: string, body?: unknown): Promise<Response>;
}

/** Starts an emulator whose pods take a few hundred milliseconds to become RUNNING, unless `options` say otherwise. */
export async function startTestEmulator(
  faults?: EmulatorOptions["faults"],
  options: Pick<EmulatorOptions, "timings" | "rateLimit" | "clock"> = {},
): Promise<TestEmulator> {
  const apiKey = `e2e-${randomBytes(18).toString("base64url")}`;
  const emulator = await startEmulator({
    port: 0,
    apiKeys: [apiKey],
    timings: { provisioningMs: 200, startingMs: 300 },
    faults,
    ...options,
  });
  return {
    emulator,
    apiKey,
    stackConfig: {
      "computeplatform:apiUrl": { value: emulator.url },
      "computeplatform:apiKey": { value: apiKey, secret: true },
    },
    request: (method, path, body) =>
      fetch(new URL(path, emulator.url), {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
