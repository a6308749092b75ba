import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  type ConfigMap,
  type DestroyOptions,
  type DestroyResult,
  type Deployment,
  LocalWorkspace,
  type OutputMap,
  type PreviewOptions,
  type PreviewResult,
  type PulumiCommand,
  type PulumiFn,
  type RefreshOptions,
  Stack,
  type RefreshResult,
  type UpOptions,
  type UpResult,
} from "@pulumi/pulumi/automation";
import { LOCAL_STATE_FOLDER, resolveBackend, type StateBackend } from "./backend";
import { checkpointFile, exportedCheckpoint } from "./checkpointFile";
import { ComputePlatformClient } from "../provider/client";
import { removeEmptyCheckpointAttributes } from "./emptyCheckpointAttributes";
import { inOwnProcessGroup, runInOwnGroup } from "./engineProcesses";
import { engineNodePath } from "./engineModules";
import { awaitSettledPods, findInterruptedCreates, settledMessage, settledState, unsettledMessage } from "./interruptedCreates";
import { MissingStackError } from "./missingStack";
import { withOwnReads } from "./operationResults";
import { refuseLinks, stackConfigFileName } from "./projectLinks";
import { ensurePulumiCli } from "./pulumiCli";
import { heldLockMessage, isStale, stackLocks } from "./stackLock";
import { stackOutputs } from "./stackOutputs";
import { setsNoConfig } from "./unsetConfig";
import { UserError } from "../provider/errors";

export { LOCAL_STATE_FOLDER } from "./backend";

/** One stack config value, e.g. `{ value: key, secret: true }` for `computeplatform:apiKey`. */
export interface ConfigEntry {
  value: string;
  /** Encrypt the value in the stack's config and state. @default false */
  secret?: boolean;
}

/** Options of {@link openStack}. */
export interface OpenStackOptions {
  /** The Pulumi program, run in this process for every operation. */
  program: PulumiFn;
  /** Stack name; the stack is created if it does not exist, unless `ifMissing` is `fail`. */
  stackName: string;
  /**
   * What to do when the stack does not exist: `create` it, or `fail` with a {@link MissingStackError} that lists the
   * stacks that do.
   * @default "create"
   */
  ifMissing?: "create" | "fail";
  /** Receives what the driver did on its own: a stale lock released, interrupted creates settled. @default ignores them */
  onMessage?: (line: string) => void;
  /**
   * Project name; also the namespace of the program's own `pulumi.Config()`. A project file already in
   * `workDir` is used as it is, never rewritten, and then its name must be this one.
   */
  projectName: string;
  /**
   * Folder the engine runs in, where the project's stack config files (`Pulumi.<stack>.yaml`) live. Its
   * `node_modules` (or a parent's) must hold `@pulumi/pulumi` and the packages whose dynamic providers the
   * program uses, because the provider process resolves them from here.
   */
  workDir: string;
  /**
   * State backend.
   * @default the one `pulumi` would use in `workDir`: `PULUMI_BACKEND_URL`, else the project's `backend.url`, else the
   * current `pulumi login`; only when there is none, a file backend in `<workDir>/.pulumi-state` (see `backend.source`)
   */
  backendUrl?: string;
  /**
   * Passphrase of the passphrase secrets provider.
   * @default `PULUMI_CONFIG_PASSPHRASE` from the environment
   */
  passphrase?: string;
  /** Stack config to set before the first operation, keyed `namespace:key`. Secrets never go on a command line. */
  config?: Record<string, ConfigEntry>;
  /** Extra environment for the CLI and the provider processes it starts. */
  envVars?: Record<string, string>;
  /**
   * Pulumi home folder (plugins, credentials).
   * @default `PULUMI_HOME` or `~/.pulumi`
   */
  pulumiHome?: string;
  /** @default the CLI found or built by {@link ensurePulumiCli} */
  pulumiCommand?: PulumiCommand;
}

/**
 * A stack opened by {@link openStack}: the four engine operations plus state access.
 *
 * On a `file://` backend (the default when none is set), the state, the stack outputs and whether the stack exists are
 * read from the stack's checkpoint file, as `pulumi stack export` would print them, without starting a `pulumi`
 * process; other backends, a checkpoint compressed with zstd or in an older version are read through the CLI.
 * The summary of `up`, `refresh` and `destroy` is the operation's own, from the engine's events, not the stack's
 * history: `kind`, `startTime`, `endTime`, `message`, `result` and `resourceChanges` (which `changeSummary` counts);
 * its `environment` and `config` are empty and `version` is absent (`stack.history()` has them).
 */
export interface StackDriver {
  readonly stackName: string;
  /** The state backend in use, and where it was found. */
  readonly backend: StateBackend;
  /** The underlying Automation API stack, for anything this driver does not wrap. */
  readonly stack: Stack;
  /**
   * `pulumi up`: creates, updates and deletes resources to match the program. Creates that a killed deployment left
   * pending are settled from the API first, so that none is made twice (see `refresh`). The result's `outputs` are
   * the stack's, as {@link StackDriver.outputs} reads them.
   */
  up(options?: UpOptions): Promise<UpResult>;
  /** `pulumi preview`: the changes `up` would make; `changeSummary(result)` counts them. */
  preview(options?: PreviewOptions): Promise<PreviewResult>;
  /**
   * `pulumi refresh`: reads every resource back; ones that no longer exist leave the state. Creates of computeplatform
   * resources that a killed deployment left pending are settled first: the one matching resource made since is taken
   * into the state, none means the create never took effect, several fail naming their ids and the `adopt` line.
   */
  refresh(options?: RefreshOptions): Promise<RefreshResult>;
  /** `pulumi destroy`: deletes every resource of the stack. */
  destroy(options?: DestroyOptions): Promise<DestroyResult>;
  /** Sets (adds or overwrites) stack config values. A secret is handed to the Pulumi CLI on stdin, never as an argument. */
  setConfig(config: Record<string, ConfigEntry>): Promise<void>;
  /** The stack's checkpoint as `pulumi stack export` prints it, secrets encrypted as stored. */
  exportState(): Promise<Deployment>;
  /**
   * The stack's config as `stack.getAllConfig()` gives it, secrets decrypted; on a `file://` backend, a stack that no
   * file gives config (see {@link setsNoConfig}) has none, read without a `pulumi config` run.
   */
  config(): Promise<ConfigMap>;
  /**
   * The stack outputs of the last update, as the Automation API's `stack.outputs()` gives them; a `pulumi stack output`
   * run decrypts them only when one holds a secret (or an asset, archive or resource reference).
   */
  outputs(): Promise<OutputMap>;
  /** Removes the stack and its config file, leaving any remaining resources unmanaged. */
  remove(): Promise<void>;
  /** Whether opening created the stack. */
  readonly created: boolean;
  /**
   * Removes the stack if opening created it and it manages nothing (no resource, no pending operation), keeping a
   * stack config file that was there before; a local state folder that opening made goes too. For a preview of a
   * new stack, or a first `up` that failed before making anything. Resolves to whether it removed the stack.
   */
  undoCreate(): Promise<boolean>;
}

/**
 * Creates or selects a stack of an inline program and returns a thin driver for it.
 *
 * The engine runs the Pulumi CLI, which calls back into this process to run `program`, so the program
 * must use the same `@pulumi/pulumi` module instance as this file. The CLI runs in a process group of its own
 * (see {@link inOwnProcessGroup}): `interruptEngine()` cancels an operation as a Ctrl-C cancels `pulumi up`.
 */
export async function openStack(options: OpenStackOptions): Promise<StackDriver> {
  const { program, stackName, projectName, workDir } = options;
  const log = options.onMessage ?? (() => undefined);
  refuseLinks(workDir, stackName);
  const pulumiCommand = inOwnProcessGroup(options.pulumiCommand ?? (await ensurePulumiCli()).command);
  const project = projectFile(workDir);
  const backend = resolveBackend({
    workDir,
    ...(options.backendUrl === undefined ? {} : { backendUrl: options.backendUrl }),
    ...(project === undefined ? {} : { projectFile: project }),
    ...(options.pulumiHome === undefined ? {} : { pulumiHome: options.pulumiHome }),
  });
  const envVars = engineEnvironment(options, backend.url);
  const workspace = await LocalWorkspace.create({
    program,
    workDir,
    pulumiCommand,
    // A project file already in workDir is the user's: the Automation API would overwrite it, so it is used
    // as it is. Otherwise the engine must start provider processes in workDir, because they resolve
    // serialized providers' require() calls from there; the Automation API's default is this process's cwd.
    ...(project === undefined ? { projectSettings: { name: projectName, runtime: "nodejs", main: path.resolve(workDir) } } : {}),
    envVars,
    ...(options.pulumiHome === undefined ? {} : { pulumiHome: options.pulumiHome }),
  });
  const repaired = removeEmptyCheckpointAttributes(backend.url, projectName, stackName);
  if (repaired !== undefined)
    log(`Removed ${repaired}: it was empty, as a process killed while writing the state leaves it, and hid the checkpoint beside it.`);
  const localState = backend.source === "local" ? path.join(workDir, LOCAL_STATE_FOLDER) : undefined;
  const listStacks = async () => (localState === undefined || fs.existsSync(localState) ? stackNames(workspace) : []);
  // A file backend's checkpoint tells without a `pulumi stack ls` run; the list is read only when it cannot, or for an error.
  const found = checkpointFile(backend.url, projectName, stackName);
  const stacks = found === undefined || (found === null && options.ifMissing === "fail") ? await listStacks() : [];
  const exists = found === undefined ? stacks.some((name) => name === stackName || name.endsWith(`/${stackName}`)) : found !== null;
  if (!exists && options.ifMissing === "fail") throw new MissingStackError(stackName, backend.url, stacks);
  const configFile = path.join(workDir, stackConfigFileName(stackName));
  const configFileExisted = fs.existsSync(configFile);
  const localStateCreated = localState !== undefined && !fs.existsSync(localState);
  if (localState !== undefined) fileBackend(localState);
  const stack = exists ? await Stack.select(stackName, workspace) : await Stack.create(stackName, workspace);

  /** Runs `pulumi <args>` on this stack, `input` on its stdin, and returns its stdout. */
  const pulumi = async (args: string[], input = "") => {
    // In a process group of its own, as the engine's runs: `stack import` is never stopped halfway by a Ctrl-C.
    const command = [...args, "--stack", stackName, "--non-interactive"];
    const { stdout, stderr, code } = await runInOwnGroup(pulumiCommand.command, command, { cwd: workDir, env: envVars, input });
    if (code !== 0) throw new Error(`pulumi ${command.join(" ")} failed: ${stderr.trim()}`);
    return stdout;
  };

  const setConfig = async (config: Record<string, ConfigEntry>) => {
    const entries = Object.entries(config);
    const plain = entries.filter(([, { secret }]) => secret !== true);
    if (plain.length > 0) await stack.setAllConfig(Object.fromEntries(plain.map(([key, { value }]) => [key, { value, secret: false }])));
    // The Automation API would pass a secret as an argument (`config set-all --secret key=value`), which `ps` shows
    // to every user of the machine; `config set` reads a value it is not given from stdin instead. It drops one
    // trailing newline, hence the one added.
    for (const [key, { value }] of entries.filter(([, { secret }]) => secret === true)) {
      await pulumi(["config", "set", "--secret", key], `${value}\n`);
    }
  };
  if (options.config) await setConfig(options.config);
  const exportState = async (): Promise<Deployment> => {
    const file = checkpointFile(backend.url, projectName, stackName);
    // Not stack.exportStack(): that passes --show-secrets, and this export must show what is stored.
    return (file ? exportedCheckpoint(file) : undefined) ?? (JSON.parse(await pulumi(["stack", "export"])) as Deployment);
  };
  const config = async () => (backend.url.startsWith("file://") && setsNoConfig(workDir, stackName) ? {} : stack.getAllConfig());
  const outputs = async () =>
    stackOutputs(
      await exportState(),
      async () => JSON.parse(await pulumi(["stack", "output", "--json", "--show-secrets"])) as Record<string, unknown>,
    );
  const operate = withOwnReads(stack, outputs);

  /**
   * Releases the lock that a killed deployment left on a file backend, when no process holds it any more; a lock
   * that a running update may hold is refused with what to do.
   */
  const releaseStaleLock = async () => {
    const locks = stackLocks(backend.url, projectName, stackName);
    if (locks.length === 0) return;
    if (!locks.every(isStale)) throw new UserError(heldLockMessage(stackName, locks));
    await pulumi(["cancel", "--yes"]);
    log(`Released the lock that an interrupted run (pid ${locks.map((lock) => lock.pid).join(", ")}) left on stack ${stackName}.`);
  };

  /**
   * Settles the creates that a killed deployment left pending, before the engine would drop them and create again:
   * one that took effect is put into the state (true is returned: a refresh is to read it), once a pod it made has
   * started as its create would have waited for; one that did not is dropped; and one that cannot be told apart from
   * look-alikes fails with their ids and the `adopt` line.
   */
  const settleInterruptedCreates = async (): Promise<boolean> => {
    await releaseStaleLock();
    const state = await exportState();
    if (!state.deployment?.pending_operations?.length) return false;
    const client = new ComputePlatformClient(
      apiSettingsOf(
        await config(),
        envVars,
        "an interrupted deployment left creates pending, and no API URL and key are set to find out whether they took effect",
      ),
    );
    const interrupted = await findInterruptedCreates(state, client);
    if (interrupted.length === 0) return false;
    const unsettled = interrupted.filter(({ candidates }) => candidates.length > 1);
    if (unsettled.length > 0) throw new UserError(unsettledMessage(unsettled));
    await awaitSettledPods(client, interrupted);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "computeplatform-state-")), "state.json");
    fs.writeFileSync(file, JSON.stringify(settledState(state, interrupted)));
    try {
      await pulumi(["stack", "import", "--file", file]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
    const message = settledMessage(interrupted);
    if (message !== undefined) log(`${message.charAt(0).toUpperCase()}${message.slice(1)}`);
    return interrupted.some(({ candidates }) => candidates.length === 1);
  };

  return {
    stackName,
    backend,
    stack,
    created: !exists,
    up: async (opts) => {
      if (await settleInterruptedCreates()) await operate("refresh", undefined, (own, withEvents) => own.refresh(withEvents));
      return operate("update", opts, (own, withEvents) => own.up(withEvents));
    },
    preview: (opts) => stack.preview(opts),
    refresh: async (opts) => {
      await settleInterruptedCreates();
      return operate("refresh", opts, (own, withEvents) => own.refresh(withEvents));
    },
    destroy: async (opts) => {
      await releaseStaleLock();
      return operate("destroy", opts, (own, withEvents) => own.destroy(withEvents));
    },
    setConfig,
    exportState,
    config,
    outputs,
    remove: () => stack.workspace.removeStack(stackName, { force: true }),
    undoCreate: async () => {
      if (exists) return false;
      const { resources = [], pending_operations: pending = [] } = ((await exportState()).deployment ?? {}) as {
        resources?: Array<{ type: string }>;
        pending_operations?: unknown[];
      };
      if (pending.length > 0 || resources.some(({ type }) => type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:")))
        return false;
      await workspace.removeStack(stackName, { force: true, preserveConfig: configFileExisted });
      if (localStateCreated) fs.rmSync(localState!, { recursive: true, force: true });
      return true;
    },
  };
}

/** The names of the project's stacks in the workspace's backend. */
async function stackNames(workspace: LocalWorkspace): Promise<string[]> {
  return (await workspace.listStacks()).map((summary) => summary.name);
}

/**
 * Where the API is and the key, as the provider would find them: the stack config's (as {@link StackDriver.config}
 * reads it), else the environment's; `purpose` says what they are needed for when missing.
 */
export function apiSettingsOf(config: ConfigMap, envVars: Record<string, string>, purpose: string): { baseUrl: string; apiKey: string } {
  const setting = (key: string, envVar: string) => config[`computeplatform:${key}`]?.value ?? envVars[envVar] ?? process.env[envVar];
  const baseUrl = setting("apiUrl", "COMPUTEPLATFORM_API_URL");
  const apiKey = setting("apiKey", "COMPUTEPLATFORM_API_KEY");
  if (!baseUrl || !apiKey) throw new UserError(purpose);
  return { baseUrl, apiKey };
}

function engineEnvironment(options: OpenStackOptions, backendUrl: string): Record<string, string> {
  const env: Record<string, string> = {
    PULUMI_SKIP_UPDATE_CHECK: "true",
    // Plugins come from next to the CLI; a missing one should fail, not trigger a download.
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_BACKEND_URL: backendUrl,
    ...options.envVars,
    NODE_PATH: engineNodePath(options.envVars?.NODE_PATH),
  };
  if (options.passphrase !== undefined) env.PULUMI_CONFIG_PASSPHRASE = options.passphrase;
  // Also for the commands this driver runs itself (exportState), not only the Automation API's.
  if (options.pulumiHome !== undefined) env.PULUMI_HOME = path.resolve(options.pulumiHome);
  return env;
}

/** The Pulumi project file (`Pulumi.yaml`, `.yml` or `.json`) in `dir`, if there is one. */
export function projectFile(dir: string): string | undefined {
  // lstat: a dangling link is there too, and must not be taken for a free name to write to.
  return ["Pulumi.yaml", "Pulumi.yml", "Pulumi.json"]
    .map((name) => path.join(dir, name))
    .find((file) => fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined);
}

/** A `file://` backend URL for a local folder, creating the folder. */
export function fileBackend(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return `file://${path.resolve(dir)}`;
}
