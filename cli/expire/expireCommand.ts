import { parseArgs } from "node:util";
import { UserError } from "../../provider/errors";
import { durationMs } from "../../provider/resources/lifetime/duration";
import { envFileHelp, envFileOption, loadDotEnv } from "../dotEnv";
import { assertInstalledPackage } from "../installedPackage";
import { DEFAULT_STACK, parseStackName } from "../stackName";
import { actsOn, expireDocument, formatExpire } from "./expireReport";
import { type ExpireRun, expireStack, type StackOutcome } from "./expireStack";
import { type ExpireTarget, manifestTtl, openExisting, projectFolder, stackNames } from "./expiringStacks";
import { COMMAND_SUMMARIES } from "../commandSummaries";

const { expire: summary } = COMMAND_SUMMARIES;

export const help = `Usage: computeplatform expire <manifest|program folder> [options]

${summary}.

For each stack it is pointed at, it reads the state, lists the account's pods once, cluster members
included (nothing at all when no resource of the stack has a lifetime and the stack has no TTL),
samples each pod's and cluster's GPU utilization, and by the API's clock stops or terminates every
pod past its \`lifetime\` and deletes every cluster past its own, then records the result in the
stack, so that state and the account agree. A stack whose TTL (the manifest's ttl,
or stack config computeplatform:ttl) has run out is destroyed. It never touches a resource without a lifetime, nor one
that is not in a stack it reads. It needs the state and the API key, not the program.

Exit 0 when there was nothing to do, 2 when it acted (or, with --dry-run, would act), 1 on error.

Options:
  --stack NAME          Stack to expire; repeatable. Default: ${DEFAULT_STACK}
  --all-stacks          Every stack of the project in the backend.
  --backend URL         Pulumi state backend; as for \`computeplatform up\`.
  --every DURATION      How often the schedule runs expire ("5m"): a whenIdle.for shorter than twice it
                        is refused, since idleness is sampled once a run.
  --warn-within DURATION
                        Also list what stops or terminates within DURATION ("1h").
  --dry-run             Change nothing: list what would end, its cost per hour and what that saves a day.
  --json                Print one JSON object on stdout instead of text.
${envFileHelp}
  -h, --help            Show this help.
`;

export interface ExpireOptions extends ExpireTarget {
  run: ExpireRun;
  json: boolean;
  envFile?: string;
}

export function parse(args: string[]): ExpireOptions {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      stack: { type: "string", multiple: true },
      "all-stacks": { type: "boolean" },
      backend: { type: "string" },
      every: { type: "string" },
      "warn-within": { type: "string" },
      "dry-run": { type: "boolean" },
      json: { type: "boolean" },
      ...envFileOption,
    },
  });
  const [target, ...extra] = positionals;
  if (target === undefined) throw new UserError("name the manifest or the program folder whose stacks to expire");
  if (extra.length > 0) throw new UserError(`unexpected arguments: ${extra.join(" ")}`);
  const allStacks = values["all-stacks"] ?? false;
  if (allStacks && values.stack !== undefined) throw new UserError("--stack and --all-stacks do not go together");
  const every = values.every;
  const everyMs = every === undefined ? undefined : durationFlag("--every", every);
  return {
    target,
    stacks: allStacks ? [] : (values.stack ?? [DEFAULT_STACK]).map((name) => parseStackName(name)),
    allStacks,
    ...(values.backend === undefined ? {} : { backend: values.backend }),
    run: {
      dryRun: values["dry-run"] ?? false,
      warnWithinMs: values["warn-within"] === undefined ? 0 : durationFlag("--warn-within", values["warn-within"]),
      ...(every === undefined ? {} : { every, everyMs }),
    },
    json: values.json ?? false,
    ...(values["env-file"] === undefined ? {} : { envFile: values["env-file"] }),
  };
}

export async function run(options: ExpireOptions): Promise<number> {
  assertInstalledPackage("expire");
  const say = (line: string) => (options.json ? process.stderr : process.stdout).write(`${line}\n`);
  loadDotEnv(projectFolder(options.target), { envFile: options.envFile });
  const outcomes: StackOutcome[] = [];
  try {
    const ttl = await manifestTtl(options.target);
    const run = ttl === undefined ? options.run : { ...options.run, manifestTtl: ttl };
    for (const name of await stackNames(options, DEFAULT_STACK)) {
      const stack = await openExisting(options.target, name, options.backend);
      outcomes.push(await expireStack(stack, run));
    }
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    say(`expire failed: ${error.message}`);
    return 1;
  }
  const document = expireDocument(outcomes, options.run.dryRun);
  if (options.json) process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  else formatExpire(document).forEach(say);
  return actsOn(document) ? 2 : 0;
}

function durationFlag(flag: string, value: string): number {
  const ms = durationMs(value);
  if (ms === undefined) throw new UserError(`${flag} must be a duration such as "5m", "1h" or "1d"; got "${value}"`);
  return ms;
}
