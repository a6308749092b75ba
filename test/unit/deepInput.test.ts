// Compile-time checks (run by `npm run typecheck`): Outputs fit wherever a program would pass them.
import * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import type { GetGpuTypesArgs } from "../../provider/functions/catalog";
import type { PodArgs } from "../../provider/resources/pod/pod";
import type { TemplateArgs } from "../../provider/resources/template/template";
import type { DeepInput } from "../../provider/resources/deepInput";

describe("DeepInput", () => {
  it("takes an Output<boolean> for a boolean argument", () => {
    expectTypeOf(pulumi.output(true)).toExtend<NonNullable<PodArgs["startSsh"]>>();
    expectTypeOf({ inStock: pulumi.output(true) }).toExtend<DeepInput<GetGpuTypesArgs>>();
  });

  it("takes an Output of a whole union: nullable ids and enums", () => {
    expectTypeOf(pulumi.output<string | null>(null)).toExtend<NonNullable<TemplateArgs["registry"]>>();
    expectTypeOf(pulumi.output<"SECURE" | "COMMUNITY">("SECURE")).toExtend<NonNullable<PodArgs["cloud"]>>();
    expectTypeOf(pulumi.output<"CPU" | "NVIDIA" | "AMD">("AMD")).toExtend<NonNullable<TemplateArgs["category"]>>();
    expectTypeOf({ cloud: pulumi.output<"SECURE" | "COMMUNITY">("SECURE") }).toExtend<DeepInput<GetGpuTypesArgs>>();
  });

  it("takes Outputs inside nested objects and arrays", () => {
    const volumeId = pulumi.output("vol1");
    expectTypeOf({ network: [{ volumeId, path: "/workspace" }] }).toExtend<NonNullable<PodArgs["mounts"]>>();
    expectTypeOf({ id: pulumi.output("NVIDIA L40S") }).toExtend<NonNullable<PodArgs["gpu"]>>();
  });

  it("still refuses a value of the wrong type", () => {
    expectTypeOf(pulumi.output(1)).not.toExtend<NonNullable<PodArgs["startSsh"]>>();
  });
});
