import { describe, expect, it } from "vitest";
import { ConnectionError } from "../../provider/client/errors";
import { createOnce } from "../../provider/resources/createOnce";

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
    await expect(createOnce("pod", async () => ({ id: "b" }), w.list)).resolves.toEqual({ id: "b" });
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
    await expect(createOnce('pod "x"', async () => { w.ids.push("b", "c"); throw lost; }, w.list)).rejects.toThrow(
      'pod "x": the answer to the create request was lost, and meanwhile 2 matching resources appeared (b, c); none was taken over. Adopt the right one with `adopt` and delete the others.',
    );
  });

  it("does not look for a created resource after an error the API answered", async () => {
    const w = world([]);
    const refused = new Error("400");
    await expect(createOnce("pod", async () => { w.ids.push("b"); throw refused; }, w.list)).rejects.toBe(refused);
  });
});
