// At the preview of a create, the configuration placement decides is not known: a pod's `gpu` and a cluster's
// `compute` are unknown when the resource has `placement`, and as given otherwise (Pulumi's mocks in preview mode).
import { createRequire } from "node:module";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { Cluster, Pod } from "../../provider";

const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100 80GB PCIe";

beforeAll(async () => {
  // The engine serializes each provider module as `require(<its file>)`, found in Node's require cache, which vitest
  // loads modules outside of: each is entered there under a stand-in package path (as in kinds.test.ts).
  const cache = createRequire(path.resolve("package.json")).cache;
  for (const Kind of [Pod, Cluster]) {
    const file = path.resolve("node_modules", "placement-test", `${Kind.name}.provider.js`);
    cache[file] = { id: file, filename: file, loaded: true, exports: Kind.kind.provider } as unknown as NodeModule;
  }
  // A resource not yet created has no id at preview: its id is unknown.
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: args.inputs.adopt as string | undefined, state: args.inputs }), call: (args) => args.inputs },
    "project",
    "stack",
    true,
  );
});

const isKnown = (output: pulumi.Output<unknown>) => (output as unknown as { isKnown: Promise<boolean> }).isKnown;
const valueOf = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

describe("outputs placement decides, at preview", () => {
  it("a pod's gpu is unknown with placement, until the pod exists; known without placement", async () => {
    const placed = new Pod("placed", { image: "org/trainer:1.2", gpu: { id: H100 }, placement: { alternatives: [{ id: A100 }] } });
    const existing = new Pod("existing", {
      image: "org/trainer:1.2",
      gpu: { id: H100 },
      placement: { alternatives: [{ id: A100 }] },
      adopt: "pod-1",
    });
    const plain = new Pod("plain", { image: "org/trainer:1.2", gpu: { id: H100 } });
    expect(await isKnown(placed.gpu)).toBe(false);
    expect(await valueOf(existing.gpu)).toEqual({ id: H100 });
    expect(await valueOf(plain.gpu)).toEqual({ id: H100 });
  });

  it("a cluster's compute is unknown with placement", async () => {
    const cluster = new Cluster("placed", {
      type: "TRAINING",
      image: "org/trainer:1.2",
      compute: { gpuTypeId: H100, gpuCountPerPod: 8, podCount: 2 },
      placement: { alternatives: [{ id: A100, count: 8 }] },
    } as never);
    expect(await isKnown(cluster.compute)).toBe(false);
  });
});
