#!/usr/bin/env node
import { COMMAND_SUMMARIES, type CommandName } from "./commandSummaries";
import { readOwnPackage } from "./ownPackage";

/**
 * A subcommand. `parse` turns its arguments into options and throws on bad usage (exit code 2);
 * `run` does the work and resolves, when the command is done, to its exit code (default 0).
 */
interface Command<Options> {
  help: string;
  parse(args: string[]): Options;
  run(options: Options): Promise<number | void>;
}

type Loader = () => Command<unknown>;

// Each command is loaded only when it runs; the usage lists the summaries without loading any. So a command module
// leaves the Pulumi SDK's index (`@pulumi/pulumi`) and the Automation API out of its imports, and requires them where
// it deploys: loading them costs about half a second of CPU, which every `validate` would pay.
const stackCommand =
  (name: "preview" | "up" | "refresh" | "destroy" | "drift"): Loader =>
  () =>
    (require("./stackCommands") as typeof import("./stackCommands"))[name];
const COMMANDS: Record<CommandName, Loader> = {
  emulator: () => require("./emulator") as typeof import("./emulator"),
  init: () => require("./init") as typeof import("./init"),
  validate: () => require("./validate") as typeof import("./validate"),
  migrate: () => require("./migrate") as typeof import("./migrate"),
  import: () => require("./import") as typeof import("./import"),
  preview: stackCommand("preview"),
  up: stackCommand("up"),
  refresh: stackCommand("refresh"),
  destroy: stackCommand("destroy"),
  drift: stackCommand("drift"),
  expire: () => require("./expire/expireCommand") as typeof import("./expire/expireCommand"),
  status: () => require("./status/statusCommand") as typeof import("./status/statusCommand"),
  logs: () => require("./logs/logsCommand") as typeof import("./logs/logsCommand"),
  dev: () => require("./dev") as typeof import("./dev"),
};

/** Other names of commands, left out of the usage: `run` is the spec's hidden alias of `dev`. */
const ALIASES: Record<string, Loader> = { run: COMMANDS.dev };

function usage(): string {
  return `Usage: computeplatform <command> [options]

Commands:
${Object.entries(COMMAND_SUMMARIES)
  .map(([name, summary]) => `  ${name.padEnd(12)}${summary}`)
  .join("\n")}

Run 'computeplatform <command> --help' for the options of a command, 'computeplatform --version' for the version.
`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage());
    return 0;
  }
  if (name === "--version" || name === "-v") {
    process.stdout.write(`${readOwnPackage().version}\n`);
    return 0;
  }
  if (name === undefined) {
    process.stderr.write(usage());
    return 2;
  }
  const load = [COMMANDS as Record<string, Loader>, ALIASES].find((table) => Object.hasOwn(table, name))?.[name];
  if (load === undefined) {
    process.stderr.write(`computeplatform: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  const command = load();
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(command.help);
    return 0;
  }
  let options: unknown;
  try {
    options = command.parse(args);
  } catch (error) {
    process.stderr.write(`computeplatform ${name}: ${(error as Error).message}\nRun 'computeplatform ${name} --help' for usage.\n`);
    return 2;
  }
  return (await command.run(options)) ?? 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`computeplatform: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
