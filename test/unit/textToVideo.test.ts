import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateTextToVideoCost, textToVideoInputSchema } from "../../provider/wire/textToVideo";

describe("estimateTextToVideoCost", () => {
  it.each([
    [1, 0.15],
    [5, 0.75],
    [10, 1.5],
    [16, 2.4],
  ])("%i s costs %f USD", (duration, cost) => {
    expect(estimateTextToVideoCost(duration)).toBe(cost);
  });

  it.each([0, 17, 2.5, -1, Number.NaN])("refuses %f seconds", (duration) => {
    expect(() => estimateTextToVideoCost(duration)).toThrow(`duration must be an integer from 1 to 16 seconds, not ${duration}`);
  });

  it("is 0.15 USD per second, exact to the cent, and grows with the duration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 15 }), (seconds) => {
        const cents = Math.round(estimateTextToVideoCost(seconds) * 100);
        expect(cents).toBe(15 * seconds);
        expect(estimateTextToVideoCost(seconds + 1)).toBeGreaterThan(estimateTextToVideoCost(seconds));
      }),
    );
  });
});

describe("textToVideoInputSchema", () => {
  it("applies the spec's defaults", () => {
    expect(textToVideoInputSchema.parse({ prompt: "waves" })).toEqual({
      prompt: "waves",
      style: "general",
      resolution: "720p",
      duration: 5,
      aspect_ratio: "4:3",
      movement_amplitude: "auto",
      generate_audio: true,
      bgm: true,
      seed: -1,
    });
  });

  it("accepts every allowed value and refuses any other duration", () => {
    const valid = fc.record({
      prompt: fc.string({ minLength: 1 }).filter((text) => text.trim() !== ""),
      style: fc.constantFrom("general", "anime"),
      resolution: fc.constantFrom("540p", "720p", "1080p"),
      duration: fc.integer({ min: 1, max: 16 }),
      aspect_ratio: fc.constantFrom("16:9", "9:16", "4:3", "3:4", "1:1"),
      movement_amplitude: fc.constantFrom("auto", "small", "medium", "large"),
      generate_audio: fc.boolean(),
      bgm: fc.boolean(),
      seed: fc.integer({ min: -1 }),
    });
    fc.assert(
      fc.property(
        valid,
        fc.integer().filter((n) => n < 1 || n > 16),
        (input, badDuration) => {
          expect(textToVideoInputSchema.parse(input)).toEqual(input);
          expect(textToVideoInputSchema.safeParse({ ...input, duration: badDuration }).success).toBe(false);
        },
      ),
    );
  });
});
