import { z } from "zod";

/** How an ECR repository ARN is written, as messages about a malformed one state it. */
export const ECR_REPOSITORY_ARN_FORMAT = "arn:aws:ecr:<region>:<12-digit account id>:repository/<name>[:<tag>]";

/** The tag a delegation covers when its ARN names none. */
export const DEFAULT_ECR_TAG = "latest";

/** What an ECR repository ARN designates. */
export interface EcrRepositoryReference {
  /** AWS region, for example `"eu-west-1"`. */
  awsRegion: string;
  /** The 12-digit AWS account id that owns the repository. */
  awsUser: string;
  /** Repository name, possibly with `/`-separated namespaces. */
  repository: string;
  /** Image tag; {@link DEFAULT_ECR_TAG} when the ARN names none. */
  tag: string;
}

// Region and account as AWS writes them; repository names and tags follow ECR's and Docker's own grammars.
const REGION = "[a-z]{2}(?:-[a-z]+)+-\\d+";
const ACCOUNT = "\\d{12}";
const REPOSITORY_COMPONENT = "[a-z0-9]+(?:[._-][a-z0-9]+)*";
const REPOSITORY = `(?:${REPOSITORY_COMPONENT}/)*${REPOSITORY_COMPONENT}`;
const TAG = "[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}";
const ECR_REPOSITORY_ARN = new RegExp(`^arn:aws:ecr:(${REGION}):(${ACCOUNT}):repository/(${REPOSITORY})(?::(${TAG}))?$`);
const MAX_REPOSITORY_LENGTH = 256;

/** Parses an ECR repository ARN with an optional `:<tag>` suffix; `undefined` when it is not one. */
export function parseEcrRepositoryArn(arn: string): EcrRepositoryReference | undefined {
  const match = ECR_REPOSITORY_ARN.exec(arn);
  if (!match) return undefined;
  const [, awsRegion, awsUser, repository, tag] = match;
  if (!awsRegion || !awsUser || !repository || repository.length < 2 || repository.length > MAX_REPOSITORY_LENGTH) return undefined;
  return { awsRegion, awsUser, repository, tag: tag ?? DEFAULT_ECR_TAG };
}

/** The ARN of an ECR repository, with its tag. */
export function formatEcrRepositoryArn(reference: EcrRepositoryReference): string {
  return `arn:aws:ecr:${reference.awsRegion}:${reference.awsUser}:repository/${reference.repository}:${reference.tag}`;
}

/** The host that `docker login` uses for the ECR registries of an AWS account in a region. */
export function ecrRegistryUri(reference: Pick<EcrRepositoryReference, "awsUser" | "awsRegion">): string {
  return `${reference.awsUser}.dkr.ecr.${reference.awsRegion}.amazonaws.com`;
}

/** A string that must be an ECR repository ARN; its message says how one is written. */
export const ecrRepositoryArnSchema = z
  .string()
  .refine((arn) => parseEcrRepositoryArn(arn) !== undefined, `must be an ECR repository ARN: ${ECR_REPOSITORY_ARN_FORMAT}`);

/**
 * The arguments of a `RegistryDelegation`, as plain values. The service has no update for a delegation, so a
 * change to any of them replaces it.
 */
export interface RegistryDelegationInputs {
  /**
   * ARN of the ECR repository whose images the platform may pull, with an optional tag:
   * `arn:aws:ecr:<region>:<12-digit account id>:repository/<name>[:<tag>]`, for example
   * `"arn:aws:ecr:eu-west-1:210987654321:repository/ml/trainer:v3"`. Without a tag it covers `latest`, so adding
   * or removing `:latest` is no change.
   * @pattern ^arn:aws:ecr:[a-z]{2}(-[a-z]+)+-\d+:\d{12}:repository/.+$
   */
  resource: string;
  /** Display name of the delegation; `null` for none. @default null */
  name?: string | null;
  /** Id of an existing delegation to take over instead of creating one; its repository, tag and name must match. */
  adopt?: string;
}

/** Validates and normalises `RegistryDelegation` arguments before any API call. */
export const registryDelegationInputsSchema = z.strictObject({
  resource: ecrRepositoryArnSchema,
  name: z.string().nullable().optional(),
  adopt: z.string().min(1).optional(),
});

// Compile-time proof that the validator and the documented argument type agree.
const registryDelegationInputsMatch: z.ZodType<RegistryDelegationInputs, RegistryDelegationInputs> = registryDelegationInputsSchema;
void registryDelegationInputsMatch;

export const ecrDelegationSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  delegatorUserId: z.string(),
  awsUser: z.string(),
  repository: z.string(),
  tag: z.string(),
  awsRegion: z.string(),
  dockerRegistryUri: z.string().optional(),
  createdAt: z.string(),
});

/** Delegated pull access to an ECR repository, as the v2 API returns it. */
export type EcrDelegation = z.infer<typeof ecrDelegationSchema>;

export const ecrDelegationListSchema = z.object({ delegations: z.array(ecrDelegationSchema) });

/** Body of `POST /v2/registries/delegations`. */
export type CreateDelegationRequest = Omit<RegistryDelegationInputs, "adopt"> & { name: string | null };
