import { describe, expect, it } from "vitest";
import type { Clock } from "../../provider/client/clock";
import { ConnectionError, ResponseShapeError, ServerError } from "../../provider/client/errors";
import { createOnce, MAX_CREATE_SENDS } from "../../provider/resources/lifecycle/createOnce";

// createOnce is a pure combinator over a list and a create; here they are plain closures over an array, standing
// in for the API (its interplay with real lost answers is tested against the emulator in test/faults). Each test
// has its own world, because what a source listed before its first create is remembered per source.
function world(initial: string[]) {
  const ids = [...initial];
  const sleeps: number[] = [];
  const clock: Clock = { now: () => 0, sleep: async (ms) => void sleeps.push(ms) };
  const source = { lists: 0, list: async () => (source.lists++, ids.map((id) => ({ id }))) };
  const once = (what: string, create: () => Promise<{ id: string }>) => createOnce({ what, source, create, matches: () => true, clock });
  return { ids, sleeps, source, once };
}
const post = { method: "POST", path: "/v2/pods" };
const lost = new ConnectionError(post, new Error("socket hang up"));
const reset = new ConnectionError(post, new Error("read ECONNRESET"));
const unavailable = new ServerError({ title: "Service Unavailable", status: 503, detail: "try later" }, post, "r-1");

describe("createOnce", () => {
  it("returns what create returns when the answer arrives", async () => {
    const w = world(["a"]);
    await expect(w.once("pod", async () => ({ id: "returned" }))).resolves.toEqual({ id: "returned" });
  });

  it("takes the one new match when the answer was lost", async () => {
    const w = world(["a"]);
    await expect(
      w.once("pod", async () => {
        w.ids.push("b");
        throw lost;
      }),
    ).resolves.toEqual({ id: "b" });
  });

  it("sends again when nothing was created, after a reset connection or a 5xx, pausing 1 s then 2 s", async () => {
    const w = world([]);
    const failures = [reset, unavailable];
    const result = await w.once("pod", async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      w.ids.push("third");
      return { id: "third" };
    });
    expect(result).toEqual({ id: "third" });
    expect(w.sleeps).toEqual([1000, 2000]);
  });

  it(`gives up after ${MAX_CREATE_SENDS} sends that all failed, naming the last fault`, async () => {
    const w = world([]);
    let sends = 0;
    await expect(
      w.once('pod "x"', async () => {
        sends++;
        throw unavailable;
      }),
    ).rejects.toThrow(
      'pod "x": the create request was sent 4 times and failed each time; none of them took effect. Last failure: ' +
        "POST /v2/pods failed with 503 Service Unavailable: try later [request r-1]",
    );
    expect(sends).toBe(4);
    expect(w.sleeps).toEqual([1000, 2000, 4000]);
  });

  it("lists what exists once per source, not once per create", async () => {
    const w = world(["a"]);
    await Promise.all(["p1", "p2", "p3"].map((id) => w.once(`pod "${id}"`, async () => ({ id }))));
    expect(w.source.lists).toBe(1);
  });

  it("never takes over what existed before the first create from the source", async () => {
    const w = world(["old"]);
    await w.once('pod "first"', async () => ({ id: "first" }));
    let sends = 0;
    await expect(
      w.once('pod "second"', async () => {
        if (++sends === 1) throw lost;
        return { id: "second" };
      }),
    ).resolves.toEqual({ id: "second" });
    expect(sends).toBe(2);
  });

  it("refuses to guess between several new matches, naming them", async () => {
    const w = world(["a"]);
    await expect(
      w.once('pod "x"', async () => {
        w.ids.push("c1", "c2");
        throw lost;
      }),
    ).rejects.toThrow(
      'pod "x": the create request failed with a fault that leaves its outcome unknown (POST /v2/pods could not reach the API: ' +
        "socket hang up), and 2 matching resource(s) appeared meanwhile (c1, c2), so it cannot tell which one it made; none was taken over. Adopt the " +
        "right one with `adopt` and delete the others.",
    );
  });

  it("takes over nothing while a look-alike create is still waiting for its answer", async () => {
    const w = world([]);
    let answerSibling: (value: { id: string }) => void = () => undefined;
    const sibling = w.once('pod "twin"', () => new Promise<{ id: string }>((resolve) => (answerSibling = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const mine = w.once('pod "twin"', async () => {
      w.ids.push("s");
      throw lost;
    });
    await expect(mine).rejects.toThrow("and 1 matching resource(s) appeared meanwhile (s), so it cannot tell which one it made");
    answerSibling({ id: "s" });
    await expect(sibling).resolves.toEqual({ id: "s" });
  });

  it("never takes over what another create in this process returned, and sends again instead", async () => {
    const w = world([]);
    const first = w.once('pod "one"', async () => {
      w.ids.push("a");
      return { id: "a" };
    });
    let sends = 0;
    const second = w.once('pod "one"', async () => {
      await first;
      if (++sends === 1) throw lost;
      return { id: "b" };
    });
    await expect(first).resolves.toEqual({ id: "a" });
    await expect(second).resolves.toEqual({ id: "b" });
    expect(sends).toBe(2);
  });

  it("treats a garbled 2xx answer like a lost one, but never sends it again", async () => {
    const w = world([]);
    const garbled = new ResponseShapeError(post, "not JSON");
    await expect(
      w.once("pod", async () => {
        w.ids.push("g");
        throw garbled;
      }),
    ).resolves.toEqual({ id: "g" });
    let sends = 0;
    await expect(
      w.once("pod", async () => {
        sends++;
        throw garbled;
      }),
    ).rejects.toBe(garbled);
    expect(sends).toBe(1);
  });

  it("does not look for a created resource after an error the API answered", async () => {
    const w = world([]);
    const refused = new Error("400");
    await expect(
      w.once("pod", async () => {
        w.ids.push("b");
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(w.source.lists).toBe(1);
  });
});
