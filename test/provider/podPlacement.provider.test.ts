// Pods with placement against the real emulator over HTTP, called as the engine calls them, in one provider process:
// the availability read is shared, and a capacity error on a candidate keeps every pod of the process from sending
// it again until a later read shows it free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as pod from "../../provider/resources/pod.provider";
import type { PodInputs } from "../../provider/resources/pod/inputs";
import { providerOnClock } from "../support/providerClock";
import { emulatorForProvider, passedCheck } from "./providerHarness";

const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100 80GB PCIe";
let emulator: Emulator;
let restoreClock: () => void;

beforeAll(async () => {
  // One idle H100 in all, which the availability read shows as LOW.
  emulator = await emulatorForProvider({
    gpuStock: { [H100]: { "US-CA-2": { secure: 1, community: 0 }, "EU-SE-1": { secure: 0, community: 0 } } },
  });
  restoreClock = providerOnClock(emulator.clock);
});
afterAll(async () => {
  restoreClock();
  await emulator.close();
});

const args = (name: string): PodInputs => ({
  name,
  image: "org/trainer:1.2",
  gpu: { id: H100 },
  placement: { alternatives: [{ id: A100 }] },
  readyTimeoutSeconds: 60,
});

describe("pods with placement in one process", () => {
  it("the first takes the last H100; the second finds none and moves on; the third sends no H100 create at all", async () => {
    emulator.resetRequests();
    const checked = await Promise.all(["first", "second", "third"].map((name) => passedCheck(pod.check, args(name))));
    const created = [];
    for (const inputs of checked) created.push(await pod.create(inputs));
    const placedOn = created.map((result) => result.outs!.gpu!.id);
    await Promise.all(created.map((result) => pod.delete(result.id)));
    expect(placedOn).toEqual([H100, A100, A100]);
    const creates = emulator.requests.filter((request) => request.method === "POST" && request.path === "/v2/pods");
    expect(creates.map((request) => request.status)).toEqual([201, 400, 201, 201]);
    // One read of the GPU list for the process's prices (the cost estimate), one for its availability (placement).
    expect(emulator.requests.filter((request) => request.path === "/v2/catalog/gpus")).toHaveLength(2);
  });
});
