/**
 * Each command's one-line summary, in the order the usage lists them. The usage reads them here, so that
 * `computeplatform --help` loads no command: a command that deploys loads the Pulumi SDK, about a second of CPU.
 */
export const COMMAND_SUMMARIES = {
  emulator: "Run the local Compute Platform API emulator",
  init: "Create a project of serverless workers, declared in a manifest",
  validate: "Check a manifest offline, without calling the API",
  migrate: "Convert v1 API request bodies and list responses into a v2 manifest",
  import: "Write the account's resources as a manifest that adopts them",
  preview: "Show what `up` would change, and which properties cause each change",
  up: "Create, update and delete resources to match a manifest",
  refresh: "Read every resource of the stack back from the API, dropping deleted ones",
  destroy: "Delete every resource of the stack",
  drift: "Read every resource from the API and report what changed outside the stack, field by field",
  expire: "Stop, terminate and destroy what is past its lifetime or its stack's TTL (for a scheduled job)",
  status: "Show what the stack's resources are doing now and what they cost an hour",
  logs: "Print a pod's log, or the logs of a serverless endpoint's workers, as the API streams them",
  dev: "Serve a manifest's serverless endpoints locally, deployed as live- endpoints on first call",
} as const;

/** A command's name. */
export type CommandName = keyof typeof COMMAND_SUMMARIES;
