import { LOCAL_STATE_FOLDER } from "../../automation/backend";
import { INIT_RECORD } from "./initRecord";
import type { OwnPackage } from "../ownPackage";

/** The agent-rules file, which coding agents read before they work on the project. */
export const AGENT_RULES_FILE = "AGENTS.md";

/** The second name of the agent-rules file, a link to it, for the agents that look for that one instead. */
export const AGENT_RULES_LINK = "CLAUDE.md";

/** The AGENTS.md of a scaffolded project: the rules a coding agent follows when it works on the project. */
export function agentRules(name: string, own: OwnPackage): string {
  return `# Rules for coding agents working on ${name}

This project declares Compute Platform serverless endpoints (its workers) in \`manifest.yaml\` and deploys them
with ${own.name} through the Pulumi engine. README.md explains the commands; these are the rules.

## What to edit

- Change the workers in \`manifest.yaml\` only. \`index.ts\` just loads the manifest; leave it alone.
- \`properties\` are the v2 API's field names. Look them up in
  \`node_modules/${own.name}/schema/manifest.json\` (each property's documentation, bounds and defaults)
  instead of guessing; never invent a property.
- Give every resource a \`description\` whose first line says in one sentence what it does: \`computeplatform dev\`
  shows it in its startup table and its API explorer.
- Refer to another resource's output as \`\${name.field}\`, for example \`\${volume.id}\`; never paste an id.

## Secrets

- Never write an API key, password or token into any file of the project. The API key lives in \`.env\`, which is
  git-ignored; \`.env.example\` lists the variables without values.
- A secret a resource needs, such as a registry password, comes from stack config: write \`\${config.<key>}\` in
  the manifest and ask the user to run \`pulumi config set --secret <key>\`, which asks for the value: a value
  typed on a command line stays in the shell's history and shows in \`ps\`.

## Checking your work

- Run \`npx pulumi-computeplatform validate manifest.yaml\` after every edit, and fix every error it reports. It calls no
  API and needs no key.
- Try the workers with \`npx pulumi-computeplatform dev\` against the local emulator (\`npx pulumi-computeplatform emulator\`), as
  README.md describes, before anything else.
- \`npx pulumi-computeplatform preview manifest.yaml\` shows what a deployment would change without changing anything.

## Ask first

- Do not run \`npx pulumi-computeplatform up\`, \`destroy\` or \`dev --clean\`, or \`dev\` against the real service, unless the
  user asked for it: they create, change or delete resources that cost money.
- Do not edit or delete \`${LOCAL_STATE_FOLDER}/\` (the stacks' state) or \`${INIT_RECORD}\`.
`;
}
