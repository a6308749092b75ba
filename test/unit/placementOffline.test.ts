/** `computeplatform validate` checks a manifest with `placement` offline: no API is configured, and none is called. */
import { describe, expect, it } from "vitest";
import { formatIssue, validateManifest } from "../../provider/manifest";

const manifest = (placement: string) =>
  `resources:\n  trainer:\n    type: Pod\n    properties:\n      name: trainer\n      image: org/trainer:1.2\n      gpu:\n        id: NVIDIA H100 80GB HBM3\n${placement}`;

describe("validateManifest with placement, no API configured", () => {
  it("accepts alternatives and an order", async () => {
    expect(process.env.COMPUTEPLATFORM_API_KEY).toBeUndefined();
    const validation = await validateManifest({
      file: "m.yaml",
      text: manifest(
        "      placement:\n        alternatives:\n          - id: NVIDIA L40S\n            count: 2\n        order: cheapest\n",
      ),
    });
    expect(validation.issues).toEqual([]);
  });

  it("names a bad order with its position", async () => {
    const validation = await validateManifest({ file: "m.yaml", text: manifest("      placement:\n        order: fastest\n") });
    expect(validation.issues.map(formatIssue)).toEqual([
      'm.yaml:10:16: resources.trainer.properties.placement.order: Invalid option: expected one of "listed"|"cheapest"',
    ]);
  });
});
