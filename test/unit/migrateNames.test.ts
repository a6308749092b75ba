import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigKeys, LogicalNames, logicalNameFor } from "../../cli/migrate/names";

/** What a manifest accepts as a resource's logical name. */
const LOGICAL_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

describe("logicalNameFor", () => {
  it.each([
    ["trainer", "trainer"],
    ["Vision Trainer", "vision-trainer"],
    ["etl_worker", "etl_worker"],
    ["my-pod", "my-pod"],
    ["  spaced  out  ", "spaced-out"],
    ["a - b", "a-b"],
    ["café/crème.v2", "cafe-creme-v2"],
    ["2 GPU trainer", "pod-2-gpu-trainer"],
    ["-leading", "leading"],
    ["_private", "_private"],
    ["config", "pod-config"],
    ["Config", "pod-config"],
    ["日本", "pod"],
    ["", "pod"],
    [undefined, "pod"],
  ])("%j → %s", (displayName, expected) => {
    expect(logicalNameFor(displayName, "pod")).toBe(expected);
  });

  it("always gives a valid name other than config, and changes nothing given its own result", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.constantFrom("pod", "endpoint", "template", "volume", "registry"), (name, kind) => {
        const logical = logicalNameFor(name, kind);
        expect(logical).toMatch(LOGICAL_NAME);
        expect(logical).not.toBe("config");
        expect(logicalNameFor(logical, kind)).toBe(logical);
      }),
    );
  });
});

describe("LogicalNames", () => {
  it("numbers a name taken by the same kind and appends the kind to one taken by another", () => {
    const names = new LogicalNames();
    expect(
      [
        ["sdxl", "template"],
        ["sdxl", "endpoint"],
        ["sdxl", "endpoint"],
        ["trainer", "pod"],
        ["Trainer", "pod"],
        ["trainer", "pod"],
        ["sdxl-endpoint", "pod"],
      ].map(([name, kind]) => names.claim(name, kind as string)),
    ).toEqual(["sdxl", "sdxl-endpoint", "sdxl-endpoint-2", "trainer", "trainer-2", "trainer-3", "sdxl-endpoint-pod"]);
  });

  const claims = fc.array(
    fc.tuple(
      fc.option(fc.oneof(fc.constantFrom("a", "A", "a-pod", "config", "1", ""), fc.string({ unit: "binary" })), { nil: undefined }),
      fc.constantFrom("pod", "endpoint", "template"),
    ),
    { maxLength: 30 },
  );

  it("hands out valid names, all different, and the same ones for the same claims", () => {
    fc.assert(
      fc.property(claims, (list) => {
        const first = new LogicalNames();
        const names = list.map(([name, kind]) => first.claim(name, kind));
        for (const name of names) expect(name).toMatch(LOGICAL_NAME);
        expect(names).not.toContain("config");
        expect(new Set(names).size).toBe(names.length);
        const second = new LogicalNames();
        expect(list.map(([name, kind]) => second.claim(name, kind))).toEqual(names);
      }),
    );
  });

  it("never renames what was claimed before: a longer list starts with the names of a shorter one", () => {
    fc.assert(
      fc.property(claims, claims, (before, after) => {
        const short = new LogicalNames();
        const long = new LogicalNames();
        const shortNames = before.map(([name, kind]) => short.claim(name, kind));
        const longNames = [...before, ...after].map(([name, kind]) => long.claim(name, kind));
        expect(longNames.slice(0, before.length)).toEqual(shortNames);
      }),
    );
  });
});

describe("ConfigKeys", () => {
  it("camel-cases the logical name, appends what the key holds, and numbers a key already handed out", () => {
    const keys = new ConfigKeys();
    expect([
      keys.claim("docker-hub", "username"),
      keys.claim("docker-hub", "password"),
      keys.claim("trainer", "HF_TOKEN"),
      keys.claim("vision-trainer", "gpuType"),
      keys.claim("my_pod", "image"),
      keys.claim("my-pod", "image"),
      keys.claim("_", "image"),
    ]).toEqual([
      "dockerHubUsername",
      "dockerHubPassword",
      "trainerHfToken",
      "visionTrainerGpuType",
      "myPodImage",
      "myPodImage2",
      "resourceImage",
    ]);
  });
});
