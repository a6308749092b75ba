import type { JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";
import { stripUndefined } from "../resources/lifecycle/engineProperties";
import { Struct } from "./grpc";
import { isSecretForm, SECRET_SIGNATURE, SIGNATURE_KEY } from "./secretSignature";

/** A property bag as plain JavaScript. */
export type Properties = Record<string, unknown>;

/** The engine's secret wrapper around `value`, which it keeps encrypted in state. */
export function secret(value: unknown): Properties {
  return { [SIGNATURE_KEY]: SECRET_SIGNATURE, value };
}

/** `value` with every secret wrapper, at any depth, replaced by the value it holds. */
export function reveal(value: unknown): unknown {
  if (isSecretForm(value)) return reveal(value.value);
  if (Array.isArray(value)) return value.map(reveal);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v)]));
  return value;
}

/** `properties` with the named ones, when present, wrapped as secrets. */
export function withSecrets(properties: Properties, names: readonly string[]): Properties {
  const marked = { ...properties };
  for (const name of names) if (marked[name] !== undefined && !isSecretForm(marked[name])) marked[name] = secret(marked[name]);
  return marked;
}

/** A request's property bag as plain JavaScript, secrets revealed; an absent bag is empty. */
export function plainProperties(struct: { toJavaScript(): Record<string, JavaScriptValue> } | undefined): Properties {
  return reveal(struct?.toJavaScript() ?? {}) as Properties;
}

/** A property bag for a response; undefined values, which the encoding rejects, are left out. */
export function toStruct(properties: object): InstanceType<typeof Struct> {
  return Struct.fromJavaScript(stripUndefined(properties) as Record<string, JavaScriptValue>);
}
