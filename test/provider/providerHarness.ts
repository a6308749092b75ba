import type * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { expect } from "vitest";
import { type Emulator, type EmulatorOptions, startEmulator } from "../../emulator";
import { configure, resolveSettings } from "../../provider/config";

/**
 * Starts an emulator and points the provider modules at it through `configure`, exactly as the engine
 * does with stack config. Returns the emulator; close it after the suite.
 */
export async function emulatorForProvider(options: EmulatorOptions = {}): Promise<Emulator> {
  const apiKey = "sk-provider-test-key-5f2c";
  const emulator = await startEmulator({ apiKeys: [apiKey], ...options });
  const config: Record<string, string> = { "computeplatform:apiKey": apiKey, "computeplatform:apiUrl": emulator.url };
  await configure({ config: { get: (key) => config[key], require: (key) => config[key]! } });
  return emulator;
}

/** Requests that changed something, in order: `METHOD path`. */
export function writes(emulator: Emulator): string[] {
  return emulator.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/**
 * The value an Output settles to, or its error. Outside a Pulumi program every Output is known, so this
 * always settles; `promise()` is the Output's own (internal) accessor, which also carries rejections.
 */
export function outputValue<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}

/** An answer of the API read directly: its status, its text and, when there is one, its parsed body. */
export interface ApiAnswer {
  status: number;
  text: string;
  body: any;
}

/** Calls the API with the configured key directly, as something outside Pulumi would. */
export async function apiRequest(emulator: Emulator, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${resolveSettings().apiKey}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${emulator.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: text === "" ? undefined : JSON.parse(text) };
}

/** What the API answers to a GET, read directly rather than through the client. */
export async function apiGet(emulator: Emulator, path: string): Promise<any> {
  return (await apiRequest(emulator, "GET", path)).body;
}

/** The inputs a provider's `check` passes, asserting that it reports no failure. */
export async function passedCheck<Inputs, Checked>(
  check: (olds: Partial<Inputs>, news: Inputs) => Promise<dynamic.CheckResult<Checked>>,
  inputs: Inputs,
  olds: Partial<Inputs> = {},
): Promise<Checked> {
  const result = await check(olds, inputs);
  expect(result.failures).toBeUndefined();
  return result.inputs!;
}

/** The error a call rejects with; fails the test when it resolves. */
export async function rejection(call: Promise<unknown>): Promise<Error> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  expect(outcome).toBeInstanceOf(Error);
  return outcome!;
}
