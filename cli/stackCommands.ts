import * as path from "node:path";
import { parseArgs } from "node:util";
import type { CommandError, EngineEvent, OpMap, OutputMap } from "@pulumi/pulumi/automation";
import { changeSummary, engineErrors } from "../automation/summary";
import { type DriftedResource, driftCollector, formatDrift } from "./driftReport";
import { liveSecretReader } from "./secretDrift";
import { type EngineProgress, engineProgress } from "../automation/progress";
import type { StateBackend } from "../automation/backend";
import type { ManifestStack } from "../automation/manifestStack";
import { formatIssue, type ManifestIssue, type ValidatedManifest, validateManifest } from "../provider/manifest";
import { unsetConfigIssues } from "../provider/manifest/load";
import { envFileHelp, envFileOption, loadDotEnv, refuseStackKeyToDotEnvUrl } from "./dotEnv";
import { DEFAULT_STACK, parseStackName } from "./stackName";
import { assertInstalledPackage } from "./installedPackage";
import { formatChange, formatCounts, formatSummary, planCollector } from "./plan";
import { asksFirst, confirmPlan, NOT_CONFIRMED_EXIT_CODE } from "./confirmPlan";
import { stackTtl, ttlNotice } from "./expire/stackTtl";
import { readManifest } from "./validate";
import { type Interruption, interruptible } from "./interruption";
import { MissingStackError } from "../automation/missingStack";
import { UserError } from "../provider/errors";
import { budgetBreaches, budgetLimits, type BudgetLimit, formatBreach, OVER_BUDGET_EXIT_CODE } from "./cost/budget";
import { costArgOptions, costHelp, type CostOptions, parseCostOptions, stackConfigBudget } from "./cost/costOptions";
import { formatCostMarkdown } from "./cost/costMarkdown";
import { formatCostTable } from "./cost/costTable";
import { infracostReport } from "./cost/infracostReport";
import { changedResources, planCost, type PlanCost } from "./cost/planCost";
import { pricedStepCollector } from "./cost/pricedSteps";
import { readUsageFile, type UsageEstimate } from "./cost/usage";
import { COMMAND_SUMMARIES } from "./commandSummaries";

/** The Automation API, loaded when a command deploys: its help and its bad usage are answered without it. */
const automation = (): typeof import("@pulumi/pulumi/automation") => require("@pulumi/pulumi/automation");

type Operation = "preview" | "up" | "refresh" | "destroy" | "drift";

export interface StackCommandOptions {
  manifest: string;
  stack: string;
  backend?: string;
  json: boolean;
  /** Exit 2 when something would change, or (with `refresh`) has drifted (preview). */
  detailedExitCode: boolean;
  /** Read every resource from the API before planning, and report what changed outside the stack (preview). */
  refresh: boolean;
  /** The plan's price and budget (preview, up). */
  cost: CostOptions;
  /** A settings file to read instead of the manifest folder's `.env` (`--env-file`). */
  envFile?: string;
  /** Act without showing the plan and asking first, even in a terminal (up, destroy). */
  yes: boolean;
}

const headings: Record<Operation, string> = {
  preview: "Previewing",
  up: "Updating",
  refresh: "Refreshing",
  destroy: "Destroying",
  drift: "Checking",
};

const stackHelp: Record<Operation, string> = {
  up: "created if it does not exist",
  preview: "one that does not exist is previewed as new,\n                        and not created",
  refresh: "it must exist (exit 2 otherwise)",
  destroy: "it must exist (exit 2 otherwise)",
  drift: "it must exist (exit 2 otherwise)",
};

/** How long an operation on one resource runs before a line says it is still going, and then how often. */
const STILL_RUNNING_EVERY_MS = 10_000;

/** `preview`, `up`, `refresh` and `destroy` of a manifest, run through the Pulumi engine with the Automation API. */
function stackCommand(operation: Operation) {
  const help = `Usage: computeplatform ${operation} <manifest> [options]

${COMMAND_SUMMARIES[operation]}, through the Pulumi engine (the \`pulumi\` CLI must be on PATH),
with the manifest as the program: no Pulumi program of your own is needed.

The manifest's folder is the Pulumi project folder. Its Pulumi.yaml is used as it is (one
named after the folder is written if there is none), and stack config lives next to it in
Pulumi.<stack>.yaml: set secrets the manifest reads as \${config.<key>} with
\`pulumi config set --secret <key>\` there (it prompts for the value). A .env file in that folder is read for
this package's variables not already set (COMPUTEPLATFORM_*, PULUMI_CONFIG_PASSPHRASE and
PULUMI_CONFIG_PASSPHRASE_FILE, not COMPUTEPLATFORM_STORAGE_PRICES); any other variable in it is ignored
with a warning. An API or job URL it sets is used only with the API key it sets, and a .env that is a link
to a file outside the folder is not read (name the file with --env-file).
${operation === "preview" || operation === "up" ? "The manifest is validated first: an invalid one fails with each error's file:line:col,\nbefore the engine starts.\n" : ""}${operation === "up" || operation === "destroy" ? "In a terminal, it shows the plan and asks before changing anything (--yes does not ask).\nWithout one (CI, a pipe) or with --json, it acts without asking.\n" : ""}${
    operation === "drift"
      ? `Each resource's arguments as the stack's state records them are compared with what the API
reports now; resources deleted outside the stack are named. Only reads are sent to the API, and
the state is left as it is, so that a following \`computeplatform up --refresh\` puts the
resources back as the manifest says (\`computeplatform refresh\` would instead accept the
changes into the state).
Exit 0 when nothing drifted, 2 when something did, 1 on error.
`
      : ""
  }
Options:
  --stack NAME          Stack to use; ${stackHelp[operation]}. Default: ${DEFAULT_STACK}
  --backend URL         Pulumi state backend, e.g. file:///srv/state or s3://bucket.
                        Default: the one \`pulumi\` uses in the manifest's folder: PULUMI_BACKEND_URL,
                        else backend.url in Pulumi.yaml, else the current \`pulumi login\`; only
                        when there is none, file://<manifest folder>/.pulumi-state (and it says so)
  --json                Print one JSON object on stdout instead of text (progress goes to stderr).${
    operation === "preview" || operation === "up"
      ? `
  --refresh             Read every resource from the API first and report what changed outside
                        the stack as \`computeplatform drift\` does, then ${
                          operation === "up"
                            ? "deploy from what is live,\n                        so that drift is put back as the manifest says."
                            : "plan from what is live.\n                        The stack's state is not changed."
                        }`
      : ""
  }${
    operation === "preview"
      ? `
  --detailed-exitcode   Exit 0 when nothing would change (and, with --refresh, nothing drifted),
                        2 when something would (or did), 1 on error.`
      : ""
  }${
    operation === "up" || operation === "destroy"
      ? `
  -y, --yes             Act without showing the plan and asking first.`
      : ""
  }${operation === "preview" || operation === "up" ? costHelp(operation) : ""}
${envFileHelp}
  -h, --help            Show this help.

Environment: PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE) unlocks the
stack's secrets on a file or cloud-storage backend.
`;

  return {
    help,
    parse(args: string[]): StackCommandOptions {
      const { values, positionals } = parseArgs({
        args,
        strict: true,
        allowPositionals: true,
        options: {
          stack: { type: "string" },
          backend: { type: "string" },
          json: { type: "boolean" },
          ...envFileOption,
          ...(operation === "preview" || operation === "up" ? { refresh: { type: "boolean" } } : {}),
          ...(operation === "preview" ? { "detailed-exitcode": { type: "boolean" }, markdown: { type: "boolean" } } : {}),
          ...(operation === "preview" || operation === "up" ? costArgOptions : {}),
          ...(operation === "up" || operation === "destroy" ? { yes: { type: "boolean", short: "y" } } : {}),
        },
      });
      const [manifest, ...extra] = positionals;
      if (manifest === undefined) throw new UserError(`name the manifest to ${operation}`);
      if (extra.length > 0) throw new UserError(`unexpected arguments: ${extra.join(" ")}`);
      const stack = parseStackName(values.stack as string | undefined);
      return {
        manifest,
        stack,
        ...(values.backend === undefined ? {} : { backend: values.backend as string }),
        json: (values.json as boolean | undefined) ?? false,
        detailedExitCode: (values["detailed-exitcode"] as boolean | undefined) ?? false,
        refresh: (values.refresh as boolean | undefined) ?? false,
        cost: parseCostOptions(values),
        ...(values["env-file"] === undefined ? {} : { envFile: values["env-file"] as string }),
        yes: (values.yes as boolean | undefined) ?? false,
      };
    },
    run: (options: StackCommandOptions) => runOperation(operation, options),
  };
}

export const preview = stackCommand("preview");
export const up = stackCommand("up");
export const refresh = stackCommand("refresh");
export const destroy = stackCommand("destroy");
export const drift = stackCommand("drift");

/**
 * Runs the operation so that a Ctrl-C cancels it as `pulumi up` does (see {@link interruptible}), and so that only
 * `up` leaves a new stack behind: `preview` previews a new stack's creation, then removes it; `drift`, `refresh`
 * and `destroy` of a stack that does not exist say so and exit 2; a first `up` that fails before making anything
 * removes the stack and the project file it made, unless it stopped for unset config or a budget, which are set on
 * that stack.
 */
async function runOperation(operation: Operation, options: StackCommandOptions): Promise<number> {
  assertInstalledPackage(operation);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const stackFlag = options.stack === DEFAULT_STACK ? "" : ` --stack ${options.stack}`;
  const interruption = interruptible(`computeplatform ${operation} ${options.manifest}${stackFlag}`, say);
  const opened: OpenedStack = { keep: false };
  let code: number | undefined;
  try {
    code = await operate(operation, options, interruption, opened);
  } catch (error) {
    if (error instanceof MissingStackError) {
      say(`${operation} failed: ${error.message}`);
      return 2;
    }
    if (!(interruption.signal && error instanceof automation().CommandError)) throw error;
  } finally {
    code = (await interruption.finish()) ?? code;
    interruption.release();
    const { stack } = opened;
    if (stack?.created && (operation === "preview" || (code !== 0 && !opened.keep)) && (await stack.undoCreate()))
      say(
        operation === "preview"
          ? `Removed stack ${options.stack} again${stack.createdProjectFile ? ` and ${path.basename(stack.createdProjectFile)}` : ""}: only \`computeplatform up\` creates a stack.`
          : `Removed stack ${options.stack}${stack.createdProjectFile ? ` and ${path.basename(stack.createdProjectFile)}` : ""}, which this run created: nothing was deployed.`,
      );
  }
  return code ?? 1;
}

/**
 * The stack a run opened, for {@link runOperation} to remove if the run created it; `keep`: the run stopped for
 * something set on the stack (unset config, a budget), so it stays all the same.
 */
interface OpenedStack {
  stack?: ManifestStack;
  keep: boolean;
}

async function operate(
  operation: Operation,
  options: StackCommandOptions,
  interruption: Interruption,
  opened: OpenedStack,
): Promise<number> {
  // With --json or --markdown, stdout holds the document alone; progress and verdicts go to stderr.
  const out = (line: string) => (options.json || options.cost.markdown ? process.stderr : process.stdout).write(`${line}\n`);
  const runsProgram = operation === "preview" || operation === "up";
  const dotEnvUrls = loadDotEnv(path.dirname(path.resolve(options.manifest)), { envFile: options.envFile });

  let manifest: ValidatedManifest | undefined;
  let usage: UsageEstimate = {};
  if (runsProgram) {
    const validation = await validateManifest({ file: options.manifest, text: readManifest(options.manifest) });
    if (validation.manifest === undefined) return failWith(validation.issues);
    manifest = validation.manifest;
    const names = manifest.resources.map((resource) => resource.name);
    if (options.cost.usageFile !== undefined) usage = readUsageFile(options.cost.usageFile, names);
  }

  if (interruption.signal) return 1;
  const { openManifestStack } = require("../automation/manifestStack") as typeof import("../automation/manifestStack");
  const stack = await openManifestStack({
    manifest: options.manifest,
    stackName: options.stack,
    ifMissing: operation === "up" || operation === "preview" ? "create" : "fail",
    onMessage: out,
    ...(options.backend ? { backendUrl: options.backend } : {}),
  });
  opened.stack = stack;
  if (stack.createdProjectFile)
    out(
      `Wrote ${path.relative(process.cwd(), stack.createdProjectFile)} (project ${stack.projectName}): the manifest's folder had no Pulumi project.`,
    );
  if (stack.created && operation === "preview")
    out(`Stack ${options.stack} does not exist yet: previewing its creation (only \`computeplatform up\` creates it).`);
  const backendNote = describeBackend(stack.backend);
  if (backendNote) out(backendNote);
  let limits: BudgetLimit[] = [];
  const config = manifest || dotEnvUrls.names.length > 0 ? await stack.config() : {};
  refuseStackKeyToDotEnvUrl(dotEnvUrls, config, options.stack);
  if (manifest) {
    const missing = missingConfig(stack, manifest, config, operation);
    // A new stack stays for `up`: its config is what the user sets next.
    opened.keep = missing.length > 0 && operation === "up";
    if (missing.length > 0) return failWith(missing);
    limits = budgetLimits({
      flags: options.cost.flags,
      stackConfig: stackConfigBudget(config),
      ...(manifest.budget ? { manifest: manifest.budget } : {}),
    });
    const ttl = operation === "preview" ? await stackTtl(stack, manifest.ttl, config) : undefined;
    if (ttl) out(ttlNotice(options.stack, ttl));
  }

  out(`${headings[operation]} stack ${options.stack} with ${options.manifest}:`);
  const collector = planCollector();
  const priced = pricedStepCollector();
  const drifts = driftCollector();
  const checksDrift = operation === "drift" || options.refresh;
  const progress = engineProgress(out);
  const stopReporting = reportStillRunning(progress, out);
  // During a preview the engine marks every step as planning, so only its warnings and errors are printed.
  const onEvent = (event: EngineEvent) => {
    interruption.onEvent(event);
    collector.onEvent(event);
    priced.onEvent(event);
    drifts.onEvent(event);
    progress(event);
  };
  let outputs: OutputMap = {};
  let counts: OpMap;
  try {
    if (interruption.signal) return 1;
    // Not the driver's refresh: it may settle interrupted creates into the state, and a drift check changes nothing.
    if (operation === "drift") counts = collector.resourceCounts(changeSummary(await stack.stack.previewRefresh({ onEvent })));
    else if (operation === "preview")
      counts = collector.resourceCounts(changeSummary(await stack.preview({ onEvent, diff: false, refresh: options.refresh })));
    else if (operation === "up") {
      const asking = asksFirst(options);
      if (limits.length > 0 || asking) {
        const stop = await previewBeforeUp(stack, options, usage, limits, asking, out);
        // A new stack stays over a budget, as for unset config: its budget may be what the user sets next.
        opened.keep = stop === OVER_BUDGET_EXIT_CODE;
        if (stop !== undefined) return stop;
        if (interruption.signal) return 1;
      }
      const result = await stack.up({ onEvent, refresh: options.refresh });
      outputs = result.outputs;
      counts = collector.resourceCounts(changeSummary(result));
    } else {
      if (operation === "destroy" && asksFirst(options) && !(await confirmDestroy(stack, out))) return NOT_CONFIRMED_EXIT_CODE;
      const result = await (operation === "refresh" ? stack.refresh({ onEvent }) : stack.destroy({ onEvent }));
      counts = collector.resourceCounts(changeSummary(result));
    }
  } catch (error) {
    if (!(error instanceof automation().CommandError) || interruption.signal) throw error;
    out(`${operation} failed: ${engineFailure(error)}`);
    return 1;
  } finally {
    stopReporting();
  }

  const plan = collector.plan();
  // After `up --refresh` the live resources are already put back, so only a preview's drift can be read again.
  if (operation === "drift" || operation === "preview") await drifts.readSecrets(liveSecretReader(stack));
  const drifted = drifts.drift();
  if (operation === "drift") return reportDrift(options, drifted, drifts.checked(), out);
  const cost = operation === "preview" ? planCost(priced.steps(), usage) : undefined;
  const breaches = cost && budgetBreaches(cost, limits);
  if (cost && options.cost.markdown) {
    process.stdout.write(formatCostMarkdown(cost, plan.changes, limits.length > 0 ? breaches : undefined));
  } else if (options.json) {
    const report = {
      operation,
      stack: options.stack,
      manifest: options.manifest,
      ...(checksDrift ? { drift: drifted } : {}),
      changes: plan.changes,
      summary: counts,
      outputs: plainOutputs(outputs),
      ...(cost ? infracostReport(cost, { project: stack.projectName, manifest: options.manifest, stack: options.stack }) : {}),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    if (checksDrift) for (const line of drifted.flatMap(formatDrift)) out(`  drifted: ${line}`);
    if (operation === "preview") for (const change of plan.changes) out(`  ${formatChange(change)}`);
    out(operation === "preview" ? `Plan: ${formatSummary(plan)}` : `Done: ${formatCounts(counts)}`);
    if (cost && changedResources(cost).length > 0) for (const line of formatCostTable(cost)) out(line);
    const names = Object.keys(outputs);
    if (names.length > 0) {
      out("Outputs:");
      for (const name of names) out(`  ${name}: ${formatOutput(outputs[name]!)}`);
    }
  }
  if (breaches && breaches.length > 0) {
    for (const line of breaches.flatMap(formatBreach)) out(line);
    return OVER_BUDGET_EXIT_CODE;
  }
  return options.detailedExitCode && (plan.changes.length > 0 || drifted.length > 0) ? 2 : 0;
}

/**
 * Before `up` under a budget or in a terminal: previews the plan and prices it. Over the budget, it prints the cost
 * table and the breaches and returns {@link OVER_BUDGET_EXIT_CODE}, so that nothing is created; when `asking`, it shows
 * the plan and returns {@link NOT_CONFIRMED_EXIT_CODE} unless confirmed. Undefined to go on.
 */
async function previewBeforeUp(
  stack: ManifestStack,
  options: StackCommandOptions,
  usage: UsageEstimate,
  limits: readonly BudgetLimit[],
  asking: boolean,
  out: (line: string) => void,
): Promise<number | undefined> {
  const priced = pricedStepCollector();
  const collector = planCollector();
  const progress = engineProgress(out);
  await stack.preview({
    onEvent: (event) => {
      priced.onEvent(event);
      collector.onEvent(event);
      progress(event);
    },
    diff: false,
    refresh: options.refresh,
  });
  const cost: PlanCost = planCost(priced.steps(), usage);
  const breaches = budgetBreaches(cost, limits);
  if (breaches.length > 0) {
    for (const line of formatCostTable(cost)) out(line);
    for (const line of breaches.flatMap(formatBreach)) out(line);
    out("Nothing was changed.");
    return OVER_BUDGET_EXIT_CODE;
  }
  if (!asking) return undefined;
  return (await confirmPlan(`Update stack ${options.stack}?`, collector.plan(), cost, out)) ? undefined : NOT_CONFIRMED_EXIT_CODE;
}

/** In a terminal, before `destroy`: shows what it would delete and asks. */
async function confirmDestroy(stack: ManifestStack, out: (line: string) => void): Promise<boolean> {
  const collector = planCollector();
  const priced = pricedStepCollector();
  await stack.destroy({
    previewOnly: true,
    onEvent: (event) => {
      collector.onEvent(event);
      priced.onEvent(event);
    },
  });
  return confirmPlan(`Delete every resource of stack ${stack.stackName}?`, collector.plan(), planCost(priced.steps()), out);
}

const resources = (count: number) => `${count} resource${count === 1 ? "" : "s"}`;

/** The outcome of `drift`: one line per drifted field (or deleted resource), or one JSON object; exit 2 when any. */
function reportDrift(options: StackCommandOptions, drifted: DriftedResource[], checked: number, out: (line: string) => void): number {
  // A scheduled check of a misspelt stack would otherwise pass every night.
  if (checked === 0) {
    out(`drift failed: stack ${options.stack} has no resources to check; deploy it first, or name the deployed one with --stack`);
    return 1;
  }
  if (options.json) {
    const report = {
      operation: "drift",
      stack: options.stack,
      manifest: options.manifest,
      checked,
      drifted: drifted.length > 0,
      resources: drifted,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const line of drifted.flatMap(formatDrift)) out(`  ${line}`);
    out(
      drifted.length === 0
        ? `No drift: ${resources(checked)} match${checked === 1 ? "es" : ""} the stack's state.`
        : `Drift: ${drifted.length} of ${resources(checked)} changed outside the stack; \`computeplatform up --refresh\` puts them back as the manifest says.`,
    );
  }
  return drifted.length > 0 ? 2 : 0;
}

/**
 * A line saying where state is kept when no backend is configured, so that the fallback folder is never a surprise.
 * A backend found the way `pulumi` finds it goes without saying: both see the same state.
 */
function describeBackend(backend: StateBackend): string | undefined {
  if (backend.source !== "local") return undefined;
  return (
    `No Pulumi backend is configured (no PULUMI_BACKEND_URL, no backend.url in Pulumi.yaml, no \`pulumi login\`): ` +
    `state is kept in ${backend.url}.`
  );
}

/** Every `${config.<key>}` of the manifest that the stack does not set, as issues at the reference. */
function missingConfig(
  stack: ManifestStack,
  manifest: ValidatedManifest,
  config: Record<string, unknown>,
  operation: Operation,
): ManifestIssue[] {
  const set = new Set(Object.keys(config));
  const isNew = stack.created && operation === "preview";
  return unsetConfigIssues(manifest, stack.projectName, (fullKey) => set.has(fullKey), {
    where: isNew
      ? `stack ${stack.stackName}, which does not exist yet (\`computeplatform up\` creates it and stops here too)`
      : `stack ${stack.stackName}`,
    command: `pulumi config set --stack ${stack.stackName}`,
  });
}

function failWith(issues: readonly ManifestIssue[]): number {
  process.stderr.write(`${issues.map(formatIssue).join("\n")}\n`);
  return 1;
}

/** Every {@link STILL_RUNNING_EVERY_MS}, says which resource operations are still under way, such as pods starting. */
function reportStillRunning(progress: EngineProgress, out: (line: string) => void): () => void {
  const timer = setInterval(() => {
    for (const { label, seconds } of progress.inFlight())
      if (seconds * 1000 >= STILL_RUNNING_EVERY_MS) out(`  still ${label} (${seconds}s)`);
  }, STILL_RUNNING_EVERY_MS);
  return () => clearInterval(timer);
}

/** The engine's own error lines, without the Automation API's command dump around them. */
function engineFailure(error: CommandError): string {
  return engineErrors(error.message).join("; ");
}

function plainOutputs(outputs: OutputMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs).map(([name, output]) => [name, output.secret ? "[secret]" : output.value]));
}

function formatOutput(output: OutputMap[string]): string {
  if (output.secret) return "[secret]";
  return typeof output.value === "string" ? output.value : JSON.stringify(output.value);
}
