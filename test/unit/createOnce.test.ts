import { describe, expect, it } from "vitest";
import { ConnectionError, ResponseShapeError } from "../../provider/client/errors";
import { createOnce } from "../../provider/resources/createOnce";

// Ids are unique per test: like the API's, an id once returned in this process is never taken over again.
// createOnce is a pure combinator over two functions; here they are plain closures over a list, standing
// in for the API (its interplay with a real lost answer is tested against the emulator in test/provider).
function world(initial: string[]) {
  const ids = [...initial];
  return { ids, list: async () => ids.map((id) => ({ id })) };
}
const lost = new ConnectionError({ method: "POST", path: "/v2/pods" }, new Error("socket hang up"));

describe("createOnce", () => {
  it("returns what create returns when the answer arrives", async () => {
    const w = world(["a"]);
    await expect(createOnce("pod", async () => ({ id: "returned" }), w.list)).resolves.toEqual({ id: "returned" });
  });

  it("takes the one new match when the answer was lost", async () => {
    const w = world(["a"]);
    const result = await createOnce("pod", async () => { w.ids.push("b"); throw lost; }, w.list);
    expect(result).toEqual({ id: "b" });
  });

  it("rethrows the lost answer when nothing was created", async () => {
    const w = world(["a"]);
    await expect(createOnce("pod", async () => { throw lost; }, w.list)).rejects.toBe(lost);
  });

  it("refuses to guess between several new matches, naming them", async () => {
    const w = world(["a"]);
    await expect(createOnce('pod "x"', async () => { w.ids.push("c1", "c2"); throw lost; }, w.list)).rejects.toThrow(
      'pod "x": the answer to the create request was lost, and 2 matching resource(s) appeared meanwhile (c1, c2), so it cannot tell which one it made; none was taken over. Adopt the right one with `adopt` and delete the others.',
    );
  });

  it("takes over nothing while a look-alike create is still waiting for its answer", async () => {
    const w = world([]);
    let answerSibling: (value: { id: string }) => void = () => undefined;
    const sibling = createOnce('pod "twin"', () => new Promise<{ id: string }>((resolve) => (answerSibling = resolve)), w.list);
    await new Promise((resolve) => setImmediate(resolve));
    const mine = createOnce('pod "twin"', async () => { w.ids.push("s"); throw lost; }, w.list);
    await expect(mine).rejects.toThrow('pod "twin": the answer to the create request was lost, and 1 matching resource(s) appeared meanwhile (s)');
    answerSibling({ id: "s" });
    await expect(sibling).resolves.toEqual({ id: "s" });
  });

  it("never takes over what another create in this process returned", async () => {
    const w = world([]);
    const first = createOnce('pod "one"', async () => { w.ids.push("a"); return { id: "a" }; }, w.list);
    const second = createOnce('pod "one"', async () => { await first; throw lost; }, w.list);
    await expect(first).resolves.toEqual({ id: "a" });
    await expect(second).rejects.toBe(lost);
  });

  it("treats a garbled 2xx answer like a lost one", async () => {
    const w = world([]);
    const garbled = new ResponseShapeError({ method: "POST", path: "/v2/pods" }, "not JSON");
    await expect(createOnce("pod", async () => { w.ids.push("g"); throw garbled; }, w.list)).resolves.toEqual({ id: "g" });
  });

  it("does not look for a created resource after an error the API answered", async () => {
    const w = world([]);
    const refused = new Error("400");
    await expect(createOnce("pod", async () => { w.ids.push("b"); throw refused; }, w.list)).rejects.toBe(refused);
  });
});
