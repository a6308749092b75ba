import { createRequire } from "node:module";
import * as path from "node:path";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { KIND_NAMES, type KindName, kinds, type ProviderModule } from "../../provider/kindRegistry";
import { plainProperties, type Properties, toStruct } from "../../provider/plugin/properties";
import { type PluginUnderTest, startPlugin } from "../provider/pluginHarness";
import { providerModulePath } from "../support/state";
import { startPluginBinary } from "./pluginBinary";

/** A failure `check` reports, as both paths give it. */
export interface Failure {
  property: string;
  reason: string;
}

/**
 * One way the engine reaches a kind's provider: every method as the engine calls it, with plain (unwrapped) properties
 * in and out, so that one contract reads the same through either.
 */
export interface ServingPath {
  check(kind: KindName, olds: Properties, news: Properties): Promise<{ inputs: Properties; failures: Failure[] }>;
  diff(kind: KindName, id: string, olds: Properties, news: Properties): Promise<{ changes: boolean; replaces: string[] }>;
  create(kind: KindName, inputs: Properties): Promise<{ id: string; outs: Properties }>;
  /** The id is empty when the resource is gone. */
  read(kind: KindName, id: string, props: Properties): Promise<{ id: string; props: Properties }>;
  update(kind: KindName, id: string, olds: Properties, news: Properties): Promise<Properties>;
  delete(kind: KindName, id: string, props: Properties): Promise<void>;
  close(): void;
}

/** The API key the emulator accepts and both paths are configured with. */
export const API_KEY = "sk-contract-test-key-3b9a";

/** What the engine's dynamic provider host calls: a kind's provider module, its `configure` included. */
type LoadedProviderModule = ProviderModule & Required<Pick<dynamic.ResourceProvider, "configure">>;

/** Configures every kind's provider module with the suite's API URL and key, as the engine hands them over. */
async function configured(moduleOf: (kind: KindName) => LoadedProviderModule, apiUrl: string): Promise<(kind: KindName) => ProviderModule> {
  const config: Record<string, string> = { "computeplatform:apiKey": API_KEY, "computeplatform:apiUrl": apiUrl };
  for (const kind of KIND_NAMES) await moduleOf(kind).configure({ config: { get: (key) => config[key], require: (key) => config[key]! } });
  return moduleOf;
}

/** The provider modules called directly, as the dynamic resources' serialized `require()` calls them. */
function throughProviderModules(provider: (kind: KindName) => ProviderModule): ServingPath {
  return {
    async check(kind, olds, news) {
      const result = await provider(kind).check(olds, news);
      return { inputs: result.inputs ?? {}, failures: result.failures ?? [] };
    },
    async diff(kind, id, olds, news) {
      const result = await provider(kind).diff(id, olds, news);
      return { changes: result.changes ?? false, replaces: result.replaces ?? [] };
    },
    async create(kind, inputs) {
      const result = await provider(kind).create(inputs);
      return { id: result.id, outs: result.outs ?? {} };
    },
    async read(kind, id, props) {
      const result = await provider(kind).read(id, props);
      return { id: result.id ?? "", props: result.props ?? {} };
    },
    async update(kind, id, olds, news) {
      return (await provider(kind).update(id, olds, news)).outs ?? {};
    },
    async delete(kind, id, props) {
      await provider(kind).delete(id, props);
    },
    close() {},
  };
}

/** The native plugin over gRPC, as the engine calls it for `computeplatform:index:<Kind>`. */
async function throughPlugin(plugin: PluginUnderTest, apiUrl: string): Promise<ServingPath> {
  await plugin.call("configure", new proto.ConfigureRequest().setArgs(toStruct({ apiUrl, apiKey: API_KEY })));
  const token = (kind: KindName) => `computeplatform:index:${kind}`;
  const urn = (kind: KindName) => `urn:pulumi:contract::contract::${token(kind)}::${kind.toLowerCase()}`;
  return {
    async check(kind, olds, news) {
      const request = new proto.CheckRequest().setUrn(urn(kind)).setType(token(kind)).setOlds(toStruct(olds)).setNews(toStruct(news));
      const response = await plugin.call<proto.CheckResponse>("check", request);
      return { inputs: plainProperties(response.getInputs()), failures: response.getFailuresList().map((failure) => failure.toObject()) };
    },
    async diff(kind, id, olds, news) {
      const request = new proto.DiffRequest()
        .setUrn(urn(kind))
        .setType(token(kind))
        .setId(id)
        .setOlds(toStruct(olds))
        .setNews(toStruct(news));
      const response = await plugin.call<proto.DiffResponse>("diff", request);
      return { changes: response.getChanges() === proto.DiffResponse.DiffChanges.DIFF_SOME, replaces: response.getReplacesList() };
    },
    async create(kind, inputs) {
      const request = new proto.CreateRequest().setUrn(urn(kind)).setType(token(kind)).setProperties(toStruct(inputs));
      const response = await plugin.call<proto.CreateResponse>("create", request);
      return { id: response.getId(), outs: plainProperties(response.getProperties()) };
    },
    async read(kind, id, props) {
      const request = new proto.ReadRequest().setUrn(urn(kind)).setType(token(kind)).setId(id).setProperties(toStruct(props));
      const response = await plugin.call<proto.ReadResponse>("read", request);
      return { id: response.getId(), props: plainProperties(response.getProperties()) };
    },
    async update(kind, id, olds, news) {
      const request = new proto.UpdateRequest()
        .setUrn(urn(kind))
        .setType(token(kind))
        .setId(id)
        .setOlds(toStruct(olds))
        .setNews(toStruct(news));
      return plainProperties((await plugin.call<proto.UpdateResponse>("update", request)).getProperties());
    },
    async delete(kind, id, props) {
      await plugin.call(
        "delete",
        new proto.DeleteRequest().setUrn(urn(kind)).setType(token(kind)).setId(id).setProperties(toStruct(props)),
      );
    },
    close: () => plugin.close(),
  };
}

/** Both ways the package serves a kind, by name, from this process's source. */
export const servingPaths = {
  "the provider modules (dynamic resources)": async (apiUrl) =>
    throughProviderModules(await configured((kind) => kinds[kind].provider as LoadedProviderModule, apiUrl)),
  "the native plugin (gRPC)": async (apiUrl) => throughPlugin(await startPlugin(), apiUrl),
} satisfies Record<string, (apiUrl: string) => Promise<ServingPath>>;

/**
 * Both ways the package serves a kind, as they ship: the packed package installed in `programFolder`, its provider
 * modules loaded by the `require()` path state records (through package.json `exports`, as the dynamic provider host
 * loads them), and its plugin binary over gRPC.
 */
export function shippedServingPaths(programFolder: string) {
  const requireFromProgram = createRequire(path.join(programFolder, "program.js"));
  return {
    "the packed package's provider modules, by the path state records": async (apiUrl) =>
      throughProviderModules(await configured((kind) => requireFromProgram(providerModulePath(kind)) as LoadedProviderModule, apiUrl)),
    "the plugin binary over gRPC": async (apiUrl) => throughPlugin(await startPluginBinary(programFolder), apiUrl),
  } satisfies Record<string, (apiUrl: string) => Promise<ServingPath>>;
}
