// `check` against the emulator, the API's oracle, over real HTTP: for generated arguments of each kind, the provider's
// `check` and the API's answer to the create agree. Arguments `check` passes are sent as the provider would send them
// and must be created; arguments it fails are sent as written and must be refused with 400 or 422. A created
// resource is deleted right away, so every case meets the same emulator.
//
// `npm run fuzz` runs 10,000 cases per kind (FUZZ_RUNS); `npm test` runs 200 per kind, with the same code: about one
// generated endpoint in twenty passes `check`, so fewer runs would now and then see none pass.
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequest as clusterCreateRequest } from "../../provider/resources/cluster/declaration";
import { createRequest as podCreateRequest } from "../../provider/resources/pod/createRequest";
import { createRequest as endpointCreateRequest } from "../../provider/resources/serverlessEndpoint/declaration";
import { kinds as registry } from "../../provider/kindRegistry";
import { type Harness, startHarness } from "../emulator/harness";
import { clusterArguments, endpointArguments, type Ids, podArguments, templateArguments, volumeArguments } from "./arguments";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

let harness: Harness;
let ids: Ids;

beforeAll(async () => {
  harness = await startHarness({ rateLimit: false });
  const created = async (path: string, body: object) => {
    const answer = await harness.call("POST", path, { body });
    if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}: ${answer.text}`);
    return answer.body.id as string;
  };
  ids = {
    volumeId: await created("/v2/network-volumes", { name: "fuzz-us", size: 10, dataCenter: "US-TX-3" }),
    clusterVolumeId: await created("/v2/network-volumes", { name: "fuzz-eu", size: 10, dataCenter: "EU-SE-1" }),
    registryId: await created("/v2/registries", { name: "fuzz", username: "puller", password: "pull-secret" }),
  };
});
afterAll(async () => harness?.emulator.close());

/** One resource kind: how `check` judges arguments, and how the provider would send the ones it passes. */
interface Kind {
  path: string;
  args: (ids: Ids) => fc.Arbitrary<Record<string, unknown>>;
  check(olds: object, news: never): Promise<{ inputs?: unknown; failures?: unknown[] }>;
  body(checked: never): object;
}

const withoutAdopt = ({ adopt: _adopt, ...body }: { adopt?: string }) => body;

const kinds: Record<string, Kind> = {
  pods: { path: "/v2/pods", args: podArguments, check: registry.Pod.offlineCheck, body: podCreateRequest },
  clusters: { path: "/v2/clusters", args: clusterArguments, check: registry.Cluster.offlineCheck, body: clusterCreateRequest },
  endpoints: {
    path: "/v2/serverless",
    args: endpointArguments,
    check: registry.ServerlessEndpoint.offlineCheck,
    body: endpointCreateRequest,
  },
  templates: { path: "/v2/templates", args: templateArguments, check: registry.Template.offlineCheck, body: withoutAdopt },
  volumes: { path: "/v2/network-volumes", args: () => volumeArguments(), check: registry.NetworkVolume.offlineCheck, body: withoutAdopt },
};

describe(`check agrees with the emulator on ${RUNS} generated creates of each kind`, () => {
  it.each(Object.entries(kinds))(
    "%s",
    async (name, kind) => {
      const verdicts = { created: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(kind.args(ids), async (args) => {
          const checked = await kind.check({}, args as never);
          const passed = checked.failures === undefined;
          verdicts[passed ? "created" : "refused"]++;
          const answer = await harness.call("POST", kind.path, { body: passed ? kind.body(checked.inputs as never) : args });
          if (answer.status === 201) await harness.call("DELETE", `${kind.path}/${answer.body.id}`);
          harness.emulator.resetRequests();
          expect({ status: passed ? 201 : answer.status === 422 ? 422 : 400, failures: checked.failures }).toEqual({
            status: answer.status,
            failures: checked.failures,
          });
        }),
        { numRuns: RUNS },
      );
      console.info(`${name}: ${verdicts.created} created, ${verdicts.refused} refused, check and the emulator agreeing on each`);
      // Arguments that only fail, or only pass, would prove half of the agreement.
      expect(verdicts.created > 0 && verdicts.refused > 0).toBe(true);
    },
    3_600_000,
  );
});
