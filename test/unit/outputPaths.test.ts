/** The output-path checker against the committed Pulumi package schema: which paths exist, where one stops, and what it suggests. */
import { describe, expect, it } from "vitest";
import type { ManifestResourceType } from "../../provider/manifest/document";
import type { Accessor } from "../../provider/manifest/expression";
import { checkOutputPath, type OutputPathProblem } from "../../provider/manifest/outputPaths";
import { resourceKinds } from "../../provider/manifest/resourceKinds";

const rows: Array<{ what: string; type: ManifestResourceType; path: Accessor[]; problem?: OutputPathProblem }> = [
  { what: "a top-level output", type: "Cluster", path: ["members"], problem: undefined },
  { what: "a member's address", type: "Cluster", path: ["members", 0, "cluster", "ip"], problem: undefined },
  { what: "the id every resource has", type: "NetworkVolume", path: ["id"], problem: undefined },
  { what: "a nested object", type: "Pod", path: ["ssh", "proxy", "command"], problem: undefined },
  { what: "any key of a map", type: "ServerlessEndpoint", path: ["requestUrls", "runsync"], problem: undefined },
  { what: "anything below an untyped value", type: "Pod", path: ["env", "HF_HOME"], problem: undefined },
  {
    what: "a member's address written where it is not",
    type: "Cluster",
    path: ["members", 0, "ip"],
    problem: {
      valid: ["members", 0],
      step: "ip",
      suggestion: ["members", 0, "cluster", "ip"],
      expected: expect.arrayContaining(["name", "cluster", "ssh"]) as unknown as string[],
    },
  },
  {
    what: "a name step on a list, keeping the index a later step wrote",
    type: "Cluster",
    path: ["members", "ip"],
    problem: { valid: ["members"], step: "ip", suggestion: ["members", 0, "cluster", "ip"], expected: ["[index]"] },
  },
  {
    what: "a misspelt property",
    type: "Pod",
    path: ["ssh", "proxi", "command"],
    problem: {
      valid: ["ssh"],
      step: "proxi",
      suggestion: ["ssh", "proxy"],
      expected: expect.arrayContaining(["proxy"]) as unknown as string[],
    },
  },
  {
    what: "an index into an object, with nothing near",
    type: "Pod",
    path: ["ssh", 3],
    problem: { valid: ["ssh"], step: 3, expected: expect.arrayContaining(["proxy"]) as unknown as string[] },
  },
  {
    what: "a step below a single value",
    type: "NetworkVolume",
    path: ["size", "gb"],
    problem: { valid: ["size"], step: "gb", expected: [] },
  },
];

describe("checkOutputPath", () => {
  for (const row of rows) {
    it(row.what, () => expect(checkOutputPath(row.type, row.path)).toEqual(row.problem));
  }
});

describe("the schema and the manifest's kinds", () => {
  it("know the same top-level outputs, so a path the kinds accept is checked below it, never refused at its start", () => {
    const refused = Object.entries(resourceKinds).flatMap(([type, kind]) =>
      kind.outputs
        .filter((output) => checkOutputPath(type as ManifestResourceType, [output]) !== undefined)
        .map((output) => `${type}.${output}`),
    );
    expect(refused).toEqual([]);
  });
});
