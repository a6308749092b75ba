import { z } from "zod";

/*
 * The emulator's own reading of ECR repository ARNs. It is the oracle the provider is tested against, so it
 * shares no code with the provider's parser: a bug there must not make the emulator agree with it.
 */

/** How an ECR repository ARN is written, as the problem about a malformed one states it. */
export const ECR_REPOSITORY_ARN_FORMAT = "arn:aws:ecr:<region>:<12-digit account id>:repository/<name>[:<tag>]";

/** The tag a delegation covers when its ARN names none. */
export const DEFAULT_ECR_TAG = "latest";

/** The ECR repository and tag an ARN designates. */
export interface EcrRepository {
  awsRegion: string;
  /** The 12-digit AWS account id that owns the repository. */
  awsUser: string;
  /** Repository name, possibly with `/`-separated namespaces. */
  repository: string;
  tag: string;
}

const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;
const AWS_ACCOUNT_ID = /^\d{12}$/;
const REPOSITORY_PREFIX = "repository/";
/** One `/`-separated part of a repository name: lower-case alphanumerics joined by single `.`, `_` or `-`. */
const REPOSITORY_PART = /^[a-z0-9]+(?:[._-][a-z0-9]+)*$/;
const REPOSITORY_LENGTH = { min: 2, max: 256 };
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** The repository and tag of `arn:aws:ecr:<region>:<account>:repository/<name>[:<tag>]`; undefined for anything else. */
export function parseEcrRepositoryArn(arn: string): EcrRepository | undefined {
  // No part of a valid ARN holds a colon, so the fields are what lies between colons.
  const [scheme, partition, service, awsRegion = "", awsUser = "", resource = "", tag, ...extra] = arn.split(":");
  if (scheme !== "arn" || partition !== "aws" || service !== "ecr" || extra.length > 0) return undefined;
  if (!REGION.test(awsRegion) || !AWS_ACCOUNT_ID.test(awsUser) || !resource.startsWith(REPOSITORY_PREFIX)) return undefined;
  const repository = resource.slice(REPOSITORY_PREFIX.length);
  if (repository.length < REPOSITORY_LENGTH.min || repository.length > REPOSITORY_LENGTH.max) return undefined;
  if (!repository.split("/").every((part) => REPOSITORY_PART.test(part))) return undefined;
  if (tag !== undefined && !TAG.test(tag)) return undefined;
  return { awsRegion, awsUser, repository, tag: tag ?? DEFAULT_ECR_TAG };
}

/** The host that `docker login` uses for the ECR registries of an AWS account in a region. */
export function ecrRegistryUri(repository: Pick<EcrRepository, "awsUser" | "awsRegion">): string {
  return `${repository.awsUser}.dkr.ecr.${repository.awsRegion}.amazonaws.com`;
}

/** An ECR repository ARN, parsed; a malformed one fails with a message that says how one is written. */
export const ecrRepositoryArn = z.string().transform((arn, context): EcrRepository => {
  const parsed = parseEcrRepositoryArn(arn);
  if (parsed === undefined) {
    context.addIssue({ code: "custom", message: `must be an ECR repository ARN: ${ECR_REPOSITORY_ARN_FORMAT}`, input: arn });
    return z.NEVER;
  }
  return parsed;
});
