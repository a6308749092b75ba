/**
 * Placement through the real engine and the packed package, against the emulator's stock: a pod with `placement`
 * lands on the first acceptable configuration with capacity, skips what availability shows sold out, moves on at
 * once when a create finds no instances, and waits for capacity (polling availability, not create, as often as its
 * share of the quota allows) within its deadline. After every `up` the emulator holds exactly what the state says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { recordExchanges } from "./exchanges";
import {
  A100,
  A6000,
  H100,
  L40S,
  livePods,
  openPlacementStack,
  type PlacedPod,
  type PlacementStack,
  setStock,
  statusesOf,
} from "./placementStack";

const CATALOG = "/v2/catalog/gpus";
const flexible: PlacedPod = { name: "flexible", gpu: { id: H100 }, placement: { alternatives: [{ id: A100 }] } };

describe("placement that falls back and waits", () => {
  let api: TestEmulator;
  let placed: PlacementStack;

  beforeAll(async () => {
    api = await startTestEmulator();
    placed = await openPlacementStack("placement", api);
  });

  // The emulator and the stack's folder go with the run: a destroy would be one more engine run, asserting nothing.
  afterAll(() => api?.emulator.close());

  it("with the first type sold out and the second free, up creates on the second and sends no create for the first", async () => {
    setStock(api, H100, 0);
    api.emulator.resetRequests();
    const { error, summary, output } = await placed.up([flexible]);
    expect(error).toBeUndefined();
    // The stack and the pod.
    expect(summary).toEqual({ create: 2 });
    expect(livePods(api)).toEqual({ flexible: A100 });
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([201]);
    // One availability read serves the check and the create; the other read is the process's price list (the cost estimate).
    expect(statusesOf(api, "GET", CATALOG)).toEqual([200, 200]);
    expect(output).toContain(`pod "flexible": short of capacity right now: 1 x ${H100}: NONE in US-CA-2, EU-SE-1`);
    expect((await placed.stack.outputs()).gpus?.value).toEqual({ flexible: { id: A100, count: 1 } });
  });

  it("a second up after the first type frees up changes nothing", async () => {
    setStock(api, H100, 8);
    api.emulator.resetRequests();
    expect(await placed.up([flexible])).toMatchObject({ error: undefined, summary: { same: 2 } });
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([]);
    expect(livePods(api)).toEqual({ flexible: A100 });
  });

  it("removing the chosen type from the list gives a replace at preview, and nothing is created", async () => {
    api.emulator.resetRequests();
    const { error, summary } = await placed.preview([{ ...flexible, placement: { alternatives: [{ id: L40S }] } }]);
    expect(error).toBeUndefined();
    expect(summary).toEqual({ same: 1, replace: 1 });
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([]);
  });

  it("with availability stale (the last H100 taken after the read), one create is sent for the first type, then the second", async () => {
    // One idle H100 in all: `taker` takes it; `late`'s create then finds none, though the read showed LOW.
    setStock(api, H100, 0);
    api.emulator.stock.setGpu(H100, "US-CA-2", { secure: 1 });
    api.emulator.resetRequests();
    const taker: PlacedPod = { name: "taker", gpu: { id: H100 }, placement: {} };
    const late: PlacedPod = { ...flexible, name: "late", afterPrevious: true };
    const { error, summary } = await placed.up([flexible, taker, late]);
    expect(error).toBeUndefined();
    expect(summary).toEqual({ same: 2, create: 2 });
    expect(livePods(api)).toEqual({ flexible: A100, taker: H100, late: A100 });
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([201, 201, 400]);
    // One availability read, and the price list.
    expect(statusesOf(api, "GET", CATALOG)).toEqual([200, 200]);
  });

  it("with every type sold out and stock freed after the first poll, up waits, polling availability within its share, then creates", async () => {
    expect((await placed.up([])).summary).toEqual({ same: 1, delete: 3 });
    setStock(api, H100, 0);
    setStock(api, A100, 0);
    api.emulator.resetRequests();
    // The provider's polls move the scenario on: an A100 frees once the first poll (the third catalog read, after
    // the price list and the first availability read) has found nothing.
    const recorder = recordExchanges((all) => {
      if (all.filter((exchange) => exchange.path === CATALOG).length === 3) api.emulator.stock.setGpu(A100, "US-TX-3", { secure: 1 });
    });
    const { error, summary, output } = await placed.up([{ ...flexible, name: "waiter" }]).finally(() => recorder.stop());
    expect(error).toBeUndefined();
    expect(summary).toEqual({ same: 1, create: 1 });
    expect(livePods(api)).toEqual({ waiter: A100 });
    // One read at first, two polls, never a create while short; beside them, the one read of the price list.
    expect(statusesOf(api, "GET", CATALOG)).toEqual([200, 200, 200, 200]);
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([201]);
    // The emulator's quota is 1000 requests a minute: the wait's twentieth of it is a read every 1.2 s, then 2.4 s.
    expect(output).toContain(
      `pod "waiter": waiting for capacity: 1 x ${H100}: NONE in US-CA-2, EU-SE-1; 1 x ${A100}: NONE in US-TX-3, US-CA-2, EU-RO-1; next check in 2 s`,
    );
    expect(output).toContain("; next check in 3 s");
    const [priceOrFirst, firstOrPrice, firstPoll, secondPoll] = recorder.exchanges.filter((exchange) => exchange.path === CATALOG);
    expect(firstPoll!.arrivedAt - Math.max(priceOrFirst!.answeredAt, firstOrPrice!.answeredAt)).toBeGreaterThanOrEqual(1200);
    expect(secondPoll!.arrivedAt - firstPoll!.answeredAt).toBeGreaterThanOrEqual(2400);
  });

  it("past the deadline, the error names every candidate and what it was short of, and nothing is left", async () => {
    setStock(api, L40S, 0);
    setStock(api, A6000, 0);
    api.emulator.resetRequests();
    const doomed: PlacedPod = {
      name: "doomed",
      gpu: { id: L40S },
      placement: { alternatives: [{ id: A6000, count: 2 }] },
      readyTimeoutSeconds: 3,
    };
    const { error, summary } = await placed.up([{ ...flexible, name: "waiter" }, doomed]);
    expect(summary).toEqual({});
    expect(error).toContain(
      `pod "doomed": no acceptable GPU configuration had capacity within 3 s; nothing was created. ` +
        `1 x ${L40S}: NONE in US-TX-3, EU-RO-1, EU-SE-1; 2 x ${A6000}: NONE in US-CA-2, CA-MTL-1`,
    );
    expect(livePods(api)).toEqual({ waiter: A100 });
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([]);
    // A read at first, one after the first pause (1 s: the share of the 3 s left, at least a second), one at the
    // deadline; and the price list.
    expect(statusesOf(api, "GET", CATALOG)).toEqual([200, 200, 200, 200]);
  });

  it("preview fails, naming placement, when no candidate is offered at all in the acceptable data centers, with zero creates", async () => {
    api.emulator.resetRequests();
    const nowhere: PlacedPod = { ...flexible, name: "nowhere", dataCenterIds: ["US-TX-3"], placement: { alternatives: [{ id: A6000 }] } };
    const { error, output } = await placed.preview([{ ...flexible, name: "waiter" }, nowhere]);
    expect(error).toContain("pulumi preview");
    expect(output).toContain(
      `no acceptable GPU configuration is offered: 1 x ${H100}: not offered in US-TX-3; 1 x ${A6000}: not offered in US-TX-3 (see gpu and placement)`,
    );
    expect(statusesOf(api, "POST", "/v2/pods")).toEqual([]);
  });
});
