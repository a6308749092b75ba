#!/usr/bin/env node
import * as dev from "./dev";
import * as emulator from "./emulator";
import * as init from "./init";
import { readOwnPackage } from "./init/ownPackage";
import * as migrate from "./migrate";
import { destroy, preview, refresh, up } from "./stackCommands";
import * as validate from "./validate";

/**
 * A subcommand. `parse` turns its arguments into options and throws on bad usage (exit code 2);
 * `run` does the work and resolves, when the command is done, to its exit code (default 0).
 */
interface Command<Options> {
  summary: string;
  help: string;
  parse(args: string[]): Options;
  run(options: Options): Promise<number | void>;
}

const COMMANDS: Record<string, Command<unknown>> = { emulator, init, validate, migrate, preview, up, refresh, destroy, dev };

/** Other names of commands, left out of the usage: `run` is the spec's hidden alias of `dev`. */
const ALIASES: Record<string, Command<unknown>> = { run: dev };

const USAGE = `Usage: computeplatform <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(12)}${command.summary}`)
  .join("\n")}

Run 'computeplatform <command> --help' for the options of a command, 'computeplatform --version' for the version.
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (name === "--version" || name === "-v") {
    process.stdout.write(`${readOwnPackage().version}\n`);
    return 0;
  }
  if (name === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  const command = COMMANDS[name] ?? ALIASES[name];
  if (command === undefined) {
    process.stderr.write(`computeplatform: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(command.help);
    return 0;
  }
  let options: unknown;
  try {
    options = command.parse(args);
  } catch (error) {
    process.stderr.write(
      `computeplatform ${name}: ${(error as Error).message}\nRun 'computeplatform ${name} --help' for usage.\n`,
    );
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
