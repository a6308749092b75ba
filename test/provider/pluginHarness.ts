import { ResourceProviderClient, ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { grpc } from "../../provider/plugin/grpc";
import { resourceProviderService } from "../../provider/plugin/service";

/** The plugin's gRPC service on a loopback port, and a client that calls it as the engine does. */
export interface PluginUnderTest {
  /** One unary call, e.g. `call("check", request)`. */
  call<Response>(method: string, request: unknown): Promise<Response>;
  close(): void;
}

export async function startPlugin(): Promise<PluginUnderTest> {
  const server = new grpc.Server();
  server.addService(ResourceProviderService, resourceProviderService({ version: "0.0.0-test", schema: "{}" }));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return pluginClient(port, () => server.forceShutdown());
}

/** A client of the plugin listening on `port`, as the engine dials it; `stop` ends what serves it. */
export function pluginClient(port: number, stop: () => void): PluginUnderTest {
  const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  type Unary = (request: unknown, callback: (error: Error | null, response: unknown) => void) => void;
  return {
    call: <Response>(method: string, request: unknown) =>
      new Promise<Response>((resolve, reject) =>
        (client as unknown as Record<string, Unary>)[method]!.call(client, request, (error, response) =>
          error ? reject(error) : resolve(response as Response),
        ),
      ),
    close: () => {
      client.close();
      stop();
    },
  };
}
