#!/usr/bin/env node
// `pulumi-resource-computeplatform`: the native Pulumi provider plugin. The engine starts one process per provider
// instance, with its own address as the only argument, and reads the port to dial from the first line of stdout.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogRequest, LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { logToEngine } from "../engineLog";
import { grpc } from "./grpc";
import { PULUMI_SCHEMA_FILE } from "./schemaFile";
import { resourceProviderService } from "./service";

async function main(): Promise<void> {
  // The package's own root, from the compiled file or the source alike: a package can require itself by name.
  const root = path.dirname(require.resolve("pulumi-computeplatform/package.json"));
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  // The committed schema leaves the version out, so that a release does not change it; the plugin serves its own.
  const { name, ...rest } = JSON.parse(readFileSync(path.join(root, PULUMI_SCHEMA_FILE), "utf8")) as { name: string };
  const schema = JSON.stringify({ name, version, ...rest });

  // The engine's address comes first: what the provider says goes to its log service, as its stderr is not shown.
  const engineAddress = process.argv[2];
  if (engineAddress !== undefined) {
    const engine = new EngineClient(engineAddress, grpc.credentials.createInsecure());
    logToEngine((message) => engine.log(new LogRequest().setSeverity(LogSeverity.INFO).setMessage(message), () => undefined));
  }

  // A pod's or a cluster's state can outgrow gRPC's 4 MB default; the Pulumi SDK's own servers allow 400 MB.
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(ResourceProviderService, resourceProviderService({ version, schema }));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
  console.error(`pulumi-resource-computeplatform: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
