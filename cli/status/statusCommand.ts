import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { UserError } from "../../provider/errors";
import { readStatus } from "./liveStatus";
import { openStackResources, parseStackChoice, type StackChoice, stackChoiceHelp, stackChoiceOptions } from "./stackResources";
import { formatStatus } from "./statusTable";
import { untilInterrupted } from "./untilInterrupted";
import { COMMAND_SUMMARIES } from "../commandSummaries";

/** A refresh of `--watch` spends at most one request per this many ms: half the 60-a-minute quota, whatever runs. */
const MS_PER_REQUEST = 2000;

export interface StatusOptions {
  choice: StackChoice;
  json: boolean;
  /** Refresh every so many seconds until Ctrl-C; undefined: read once. */
  watchSeconds?: number;
}

const { status: summary } = COMMAND_SUMMARIES;

export const help = `Usage: computeplatform status [manifest] [options]

${summary}, from the API: each resource's live status, how long it has
run, its cost per hour from the API beside the estimate in the stack's state, a pod's GPU
utilization; for a serverless endpoint its workers by state, its queue (jobs in queue and in
progress) and how far its newest release has rolled out; and a one-line diagnosis where the
figures make the cause clear ("3 jobs in queue, 0 workers running, 2 unhealthy: check the worker
logs"). Then the total cost per hour of what runs. The manifest defaults to manifest.yaml; the
stack's state says which resources are the stack's. Only reads are sent: one list per kind,
and for each endpoint its workers, queue and releases.
Exit 0, 2 when the stack does not exist, 1 on an error of the API.

Options:
  --json                Print one JSON object holding every figure shown (one per refresh with --watch).
  --watch [SECONDS]     Refresh every SECONDS (default 10) until Ctrl-C, never faster than two
                        seconds per request a refresh takes: half the API's quota at most.
${stackChoiceHelp}
  -h, --help            Show this help.
`;

export function parse(args: string[]): StatusOptions {
  // `--watch` takes an optional value: a bare one is followed by the manifest or another option.
  const watchAt = args.findIndex((arg) => arg === "--watch" || arg.startsWith("--watch="));
  let watchSeconds: number | undefined;
  const rest = [...args];
  if (watchAt !== -1) {
    const inline = args[watchAt]!.startsWith("--watch=") ? args[watchAt]!.slice("--watch=".length) : undefined;
    const next = args[watchAt + 1];
    const value = inline ?? (next !== undefined && /^\d+$/.test(next) ? next : undefined);
    rest.splice(watchAt, inline === undefined && value !== undefined ? 2 : 1);
    watchSeconds = value === undefined ? 10 : Number(value);
    if (!Number.isInteger(watchSeconds) || watchSeconds < 1 || watchSeconds > 3600) {
      throw new UserError(`--watch takes a whole number of seconds from 1 to 3600; got "${value}"`);
    }
  }
  const { values, positionals } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: true,
    options: { json: { type: "boolean" }, ...stackChoiceOptions },
  });
  const [manifest, ...extra] = positionals;
  if (extra.length > 0) throw new UserError(`unexpected arguments: ${extra.join(" ")}`);
  return {
    choice: parseStackChoice(values, manifest),
    json: values.json ?? false,
    ...(watchSeconds === undefined ? {} : { watchSeconds }),
  };
}

export function run(options: StatusOptions): Promise<number> {
  return untilInterrupted("status", async (signal) => {
    const { client, resources } = await openStackResources(options.choice);
    for (;;) {
      const report = await readStatus(client, resources, options.choice.stack, Date.now(), signal);
      if (options.json) process.stdout.write(`${JSON.stringify(report, null, options.watchSeconds === undefined ? 2 : undefined)}\n`);
      else {
        if (options.watchSeconds !== undefined && process.stdout.isTTY) process.stdout.write("\x1b[2J\x1b[H");
        const heading = `Stack ${options.choice.stack}, ${report.readAt}${resources.length === 0 ? ": no resources" : ""}`;
        process.stdout.write(`${[heading, ...(resources.length === 0 ? [] : formatStatus(report))].join("\n")}\n`);
      }
      if (options.watchSeconds === undefined) return 0;
      await sleep(Math.max(options.watchSeconds * 1000, report.requests * MS_PER_REQUEST), undefined, { signal });
    }
  });
}
