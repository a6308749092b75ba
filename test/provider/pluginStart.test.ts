// The native plugin starts once per provider instance in every engine run of a Pulumi YAML, Go or Python program:
// it loads what serving needs, not the Pulumi SDK's program runtime, which the data functions' Output forms load when
// a TypeScript program calls them.
import * as path from "node:path";
import { expect, it } from "vitest";
import { ensureBuilt } from "../support/build";
import { repoRoot } from "../support/paths";
import { exec } from "../support/subprocess";

/** Starts the built plugin as the engine does and prints the modules it had loaded when it printed its port. */
const LOADED_AT_PORT = `
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = () => {
  write(JSON.stringify(Object.keys(require.cache).map((file) => file.split("/node_modules/")[1]).filter(Boolean)));
  process.exit(0);
};
process.argv[2] = "127.0.0.1:0";
require(${JSON.stringify(path.join(repoRoot, "dist", "provider", "plugin", "main.js"))});
`;

it("the plugin has loaded neither the Pulumi SDK's index nor the closure serializer's npm libraries when it prints its port", async () => {
  ensureBuilt();
  const started = await exec(process.execPath, ["-e", LOADED_AT_PORT], { cwd: repoRoot });
  expect(started.stderr).toBe("");
  const loaded = JSON.parse(started.stdout) as string[];
  expect(loaded).toContain("@pulumi/pulumi/proto/provider_grpc_pb.js");
  expect(loaded.filter((file) => file === "@pulumi/pulumi/index.js" || file.startsWith("@npmcli/"))).toEqual([]);
});
