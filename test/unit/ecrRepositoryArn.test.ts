import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ecrRegistryUri,
  type EcrRepositoryReference,
  formatEcrRepositoryArn,
  parseEcrRepositoryArn,
} from "../../provider/resources/registryDelegation/inputs";

describe("parseEcrRepositoryArn", () => {
  it.each<[string, EcrRepositoryReference]>([
    [
      "arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer",
      { awsRegion: "eu-west-1", awsUser: "210987654321", repository: "ml/trainer", tag: "latest" },
    ],
    [
      "arn:aws:ecr:us-gov-west-1:000000000007:repository/base:v1.2_rc-3",
      { awsRegion: "us-gov-west-1", awsUser: "000000000007", repository: "base", tag: "v1.2_rc-3" },
    ],
    [
      "arn:aws:ecr:ap-southeast-12:123456789012:repository/a.b/c-d/e_f:Latest",
      { awsRegion: "ap-southeast-12", awsUser: "123456789012", repository: "a.b/c-d/e_f", tag: "Latest" },
    ],
  ])("parses %s", (arn, expected) => {
    expect(parseEcrRepositoryArn(arn)).toEqual(expected);
  });

  it.each([
    ["another service", "arn:aws:s3:::bucket"],
    ["another partition", "arn:aws-cn:ecr:cn-north-1:210987654321:repository/ml"],
    ["a region without a number", "arn:aws:ecr:eu-west:210987654321:repository/ml"],
    ["a 13-digit account", "arn:aws:ecr:eu-west-1:2109876543210:repository/ml"],
    ["a repository path that is not `repository/`", "arn:aws:ecr:eu-west-1:210987654321:registry/ml"],
    ["a double slash", "arn:aws:ecr:eu-west-1:210987654321:repository/ml//trainer"],
    ["a doubled separator", "arn:aws:ecr:eu-west-1:210987654321:repository/ml__trainer"],
    ["a trailing separator", "arn:aws:ecr:eu-west-1:210987654321:repository/ml-"],
    ["a repository of 257 characters", `arn:aws:ecr:eu-west-1:210987654321:repository/${"a".repeat(257)}`],
    ["a tag of 129 characters", `arn:aws:ecr:eu-west-1:210987654321:repository/ml:${"t".repeat(129)}`],
    ["two tags", "arn:aws:ecr:eu-west-1:210987654321:repository/ml:a:b"],
    ["surrounding space", " arn:aws:ecr:eu-west-1:210987654321:repository/ml"],
  ])("refuses %s", (_label, arn) => {
    expect(parseEcrRepositoryArn(arn)).toBeUndefined();
  });

  it("reads back every reference it formats", () => {
    const component = fc.stringMatching(/^[a-z0-9]+(?:[._-][a-z0-9]+)*$/);
    const reference = fc.record({
      awsRegion: fc.stringMatching(/^[a-z]{2}(?:-[a-z]+)+-\d+$/),
      awsUser: fc.stringMatching(/^\d{12}$/),
      repository: fc
        .array(component, { minLength: 1, maxLength: 4 })
        .map((parts) => parts.join("/"))
        .filter((name) => name.length >= 2 && name.length <= 256),
      tag: fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/),
    });
    fc.assert(
      fc.property(reference, (ref) => {
        expect(parseEcrRepositoryArn(formatEcrRepositoryArn(ref))).toEqual(ref);
      }),
    );
  });
});

describe("ecrRegistryUri", () => {
  it("is the account's registry host in the region", () => {
    expect(ecrRegistryUri({ awsUser: "210987654321", awsRegion: "eu-west-1" })).toBe("210987654321.dkr.ecr.eu-west-1.amazonaws.com");
  });
});
