import { parseArgs } from "node:util";
import type { ComputePlatformClient, LogLine, LogOptions } from "../../provider/client";
import { UserError } from "../../provider/errors";
import { untilInterrupted } from "../status/untilInterrupted";
import { openStackOrAccount, parseStackChoice, type StackChoice, stackChoiceHelp, stackChoiceOptions } from "../status/stackResources";
import { backlogOnly } from "./backlogOnly";
import { type LogTarget, NoLogsError, resolveLogTarget } from "./logTarget";
import { mergedStreams } from "./mergedStreams";
import { parseSince, parseTail } from "./since";
import { COMMAND_SUMMARIES } from "../commandSummaries";

export interface LogsOptions {
  resource: string;
  choice: StackChoice;
  follow: boolean;
  /** ISO 8601. */
  since?: string;
  tail?: number;
  worker?: string;
}

const { logs: summary } = COMMAND_SUMMARIES;

export const help = `Usage: computeplatform logs <resource> [manifest] [options]

${summary}.
<resource> is a resource's name in the manifest (default: manifest.yaml), whose id the stack's
state records, or the id of a pod or serverless endpoint of the account. A pod prints its log;
an endpoint prints the logs of its workers, each line prefixed with its worker's id. A dropped
connection is opened again after the last line printed: no line is printed twice or skipped.
Without --follow, prints what the log holds now: it stops at the first line printed after the
command started, or when no line has come for 2 seconds. Exit 0 then, 2 for a resource that
has no logs (a volume, a template) or that does not exist, 130 on Ctrl-C, 1 on an error of the API.

Options:
  -f, --follow          Keep printing new lines until the resource is gone or Ctrl-C.
  --since WHEN          Only lines since a duration ago (10m, 2h, 1d) or a time (2026-06-01T12:00:00Z).
  --tail N              Only the last N lines of the backlog, 0 to 5000. Default: the API's, 100.
  --worker ID           Only this worker of an endpoint. Default: every worker it has now.
${stackChoiceHelp}
  -h, --help            Show this help.
`;

export function parse(args: string[]): LogsOptions {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      follow: { type: "boolean", short: "f" },
      since: { type: "string" },
      tail: { type: "string" },
      worker: { type: "string" },
      ...stackChoiceOptions,
    },
  });
  const [resource, manifest, ...extra] = positionals;
  if (resource === undefined) throw new UserError("name the resource whose logs to print: its name in the manifest, or its id");
  if (extra.length > 0) throw new UserError(`unexpected arguments: ${extra.join(" ")}`);
  return {
    resource,
    choice: parseStackChoice(values, manifest),
    follow: values.follow ?? false,
    ...(values.since === undefined ? {} : { since: parseSince(values.since, Date.now()) }),
    ...(values.tail === undefined ? {} : { tail: parseTail(values.tail) }),
    ...(values.worker === undefined ? {} : { worker: values.worker }),
  };
}

export function run(options: LogsOptions): Promise<number> {
  const startedAt = Date.now();
  return untilInterrupted("logs", async (signal) => {
    const { client, resources } = await openStackOrAccount(options.choice);
    const target = await resolveLogTarget(options.resource, resources, client);
    if (options.worker !== undefined && target.kind === "pod")
      throw new NoLogsError(`--worker names a worker of an endpoint; ${target.label} is a pod`);
    const query: LogOptions = {
      ...(options.since === undefined ? {} : { since: options.since }),
      ...(options.tail === undefined ? {} : { tail: options.tail }),
    };
    // The API keeps a log's stream open while its resource exists: without --follow, only what was printed until now.
    const read: ReadLog = (open) =>
      options.follow
        ? open({ ...query, signal })
        : backlogOnly((stop, onStream) => open({ ...query, signal: stop, onStream }), startedAt, signal);
    for await (const line of logLines(client, target, options.worker, read, signal)) process.stdout.write(`${line}\n`);
    return 0;
  });
}

/** Reads one log, given how to open its stream with options. */
type ReadLog = (open: (options: LogOptions) => AsyncGenerator<LogLine>) => AsyncGenerator<LogLine>;

/** The target's lines as they arrive: a pod's as they are, each worker's prefixed with its id. */
async function* logLines(
  client: ComputePlatformClient,
  target: LogTarget,
  worker: string | undefined,
  read: ReadLog,
  signal: AbortSignal,
): AsyncGenerator<string> {
  if (target.kind === "pod") {
    for await (const entry of read((options) => client.pods.logs(target.id, options))) yield entry.line;
    return;
  }
  const workers = worker === undefined ? (await client.serverless.workers(target.id, { signal })).workers.map(({ id }) => id) : [worker];
  if (workers.length === 0) process.stderr.write(`computeplatform logs: endpoint ${target.label} has no worker now\n`);
  const prefixed = async function* (workerId: string): AsyncGenerator<string> {
    for await (const entry of read((options) => client.serverless.workerLogs(target.id, workerId, options)))
      yield `[${workerId}] ${entry.line}`;
  };
  yield* mergedStreams(workers.map(prefixed));
}
