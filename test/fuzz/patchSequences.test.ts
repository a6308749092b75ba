// Random PATCH sequences against the emulator over HTTP: every answer is a verdict (200, or a 400, 409 or 422
// problem), never a crash, and the resource afterwards still reads back in the shape the provider parses.
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { networkVolumeSchema } from "../../provider/resources/networkVolume/inputs";
import { podSchema } from "../../provider/resources/pod/inputs";
import { endpointSchema } from "../../provider/resources/serverlessEndpoint/inputs";
import { templateSchema } from "../../provider/resources/template/inputs";
import { type Harness, startHarness } from "../emulator/harness";
import { endpointArguments, type Ids, podArguments, templateArguments, volumeArguments } from "./arguments";

// A tenth as many sequences as FUZZ_RUNS asks for, as each holds up to six PATCHes.
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 200) / 10);

let harness: Harness;
let ids: Ids;

beforeAll(async () => {
  harness = await startHarness({ rateLimit: false });
  const volume = await harness.call("POST", "/v2/network-volumes", { body: { name: "fuzz", size: 10, dataCenter: "US-TX-3" } });
  const registry = await harness.call("POST", "/v2/registries", { body: { name: "fuzz", username: "u", password: "p" } });
  ids = { volumeId: volume.body.id, clusterVolumeId: volume.body.id, registryId: registry.body.id };
});
afterAll(async () => harness?.emulator.close());

/** A resource to patch: where it lives, a body that creates it, what its patches are drawn from, and its wire shape. */
interface Patched {
  path: string;
  create: object;
  patch: (ids: Ids) => fc.Arbitrary<Record<string, unknown>>;
  shape: z.ZodType;
}

const kinds: Record<string, Patched> = {
  pods: {
    path: "/v2/pods",
    create: { name: "p", image: "org/app:1", gpu: { id: "NVIDIA GeForce RTX 4090" }, mounts: { persistent: { size: 20, path: "/data" } } },
    patch: podArguments,
    shape: podSchema,
  },
  endpoints: {
    path: "/v2/serverless",
    create: { name: "e", type: "QUEUE", image: "org/app:1", gpu: { pools: ["ADA_24"] }, scaling: { type: "QUEUE_DELAY", queueDelay: 4 } },
    patch: endpointArguments,
    shape: endpointSchema,
  },
  templates: { path: "/v2/templates", create: { name: "t", image: "org/app:1" }, patch: templateArguments, shape: templateSchema },
  volumes: {
    path: "/v2/network-volumes",
    create: { name: "v", size: 20, dataCenter: "US-TX-3" },
    patch: () => volumeArguments(),
    shape: networkVolumeSchema,
  },
};

/** Some of the fields of generated arguments: a PATCH body, valid or not. */
const somePatch = (args: fc.Arbitrary<Record<string, unknown>>) =>
  args.chain((value) => fc.subarray(Object.keys(value)).map((keys) => Object.fromEntries(keys.map((key) => [key, value[key]]))));

describe(`${RUNS} random PATCH sequences of each kind`, () => {
  it.each(Object.entries(kinds))(
    "%s",
    async (_name, kind) => {
      await fc.assert(
        fc.asyncProperty(fc.array(somePatch(kind.patch(ids)), { minLength: 1, maxLength: 6 }), async (patches) => {
          const created = await harness.call("POST", kind.path, { body: kind.create });
          expect(created.status).toBe(201);
          const at = `${kind.path}/${created.body.id}`;
          for (const patch of patches) {
            const answer = await harness.call("PATCH", at, { body: patch });
            expect([200, 400, 409, 422]).toContain(answer.status);
          }
          const read = await harness.call("GET", at);
          expect(read.status).toBe(200);
          expect(kind.shape.safeParse(read.body).error).toBeUndefined();
          expect((await harness.call("DELETE", at)).status).toBe(204);
          harness.emulator.resetRequests();
        }),
        { numRuns: RUNS },
      );
    },
    3_600_000,
  );
});
