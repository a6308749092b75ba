import { LOCAL_STATE_FOLDER } from "../../automation/backend";
import { INIT_RECORD } from "./initRecord";
import { AGENT_RULES_FILE, AGENT_RULES_LINK } from "./agentRules";

/** The README.md of a scaffolded project: its workers, and how to install, configure, try and deploy them. */
export function projectReadme(name: string): string {
  return `# ${name}

Serverless workers on the Compute Platform, declared in \`manifest.yaml\` and deployed through the Pulumi engine
with [pulumi-computeplatform](https://www.npmjs.com/package/pulumi-computeplatform). You edit only the manifest:
\`computeplatform dev\` serves its workers on your machine, the other \`computeplatform\` commands deploy it, and
\`index.ts\` deploys it for the \`pulumi\` CLI.

## The workers

| Worker | Kind | Routes under \`computeplatform dev\` |
|---|---|---|
| \`lb-worker\` | load-balanced, CPU | \`POST /lb-worker/<route>\` (any method): the JSON body reaches the worker as it is |
| \`gpu-worker\` | queue-based, GPU | \`POST /gpu-worker/runsync\` with \`{"input": {...}}\`, \`POST /gpu-worker/run\`, \`GET /gpu-worker/status/<jobId>\` |
| \`cpu-worker\` | queue-based, CPU | \`POST /cpu-worker/runsync\` with \`{"input": {...}}\`, \`POST /cpu-worker/run\`, \`GET /cpu-worker/status/<jobId>\` |

Each is a \`ServerlessEndpoint\` under \`resources:\`; its key is its name in routes. Replace the placeholder
images with your workers' images, and add or remove workers as you need. A worker's \`description\` says what it
does: its first line is the summary in \`computeplatform dev\`'s startup table and API explorer.

## Install

You need Node.js 20.20.2 or newer and the [Pulumi CLI](https://www.pulumi.com/docs/install/) on your PATH.

\`\`\`sh
npm install
\`\`\`

## Set the API key

\`\`\`sh
cp .env.example .env   # then fill it in
\`\`\`

\`.env\` holds \`COMPUTEPLATFORM_API_KEY\`, \`COMPUTEPLATFORM_API_URL\` and the passphrase that encrypts the
stacks' secrets. It is git-ignored, and the \`computeplatform\` commands read it from this folder (variables
already set in your shell win). A stack's config can hold them instead (\`computeplatform:apiUrl\` and the
secret \`computeplatform:apiKey\`), as the package's README describes.

## Try the workers locally

The package includes an emulator of the Compute Platform API that holds everything in memory. Start it in
another terminal:

\`\`\`sh
npx pulumi-computeplatform emulator --api-key dev-key
\`\`\`

Set \`COMPUTEPLATFORM_API_URL=http://127.0.0.1:8787\` and \`COMPUTEPLATFORM_API_KEY=dev-key\` in \`.env\`, then
start the local development server:

\`\`\`sh
npx pulumi-computeplatform dev
curl localhost:8888/gpu-worker/runsync -H 'Content-Type: application/json' -d '{"input": {"prompt": "hello"}}'
\`\`\`

It serves the workers on http://localhost:8888 (the next free port when that one is busy), with an interactive
API explorer at http://localhost:8888/docs. A worker is deployed on its first call as a temporary endpoint named
\`live-<name>\`; \`--auto-provision\` deploys them all at startup. Edits of the manifest are picked up without a
restart. The live endpoints stay when the server stops, and the next start reuses them;
\`npx pulumi-computeplatform dev --clean\` deletes them. \`npx pulumi-computeplatform dev --help\` lists every option.

## Deploy

\`\`\`sh
npx pulumi-computeplatform validate manifest.yaml   # checks the manifest offline, without calling the API
npx pulumi-computeplatform preview manifest.yaml    # shows what up would change
npx pulumi-computeplatform up manifest.yaml         # creates or updates the workers for good
npx pulumi-computeplatform destroy manifest.yaml    # deletes them
\`\`\`

A deployment needs no development server. These commands also need \`PULUMI_CONFIG_PASSPHRASE\` in \`.env\`.
They use the stack \`dev\` unless \`--stack NAME\` says otherwise (only \`up\` creates a stack), and keep its state
in the backend that \`pulumi\` itself uses in this folder: \`--backend URL\`, else \`PULUMI_BACKEND_URL\`, else
\`backend.url\` in \`Pulumi.yaml\`, else the one you logged in to with \`pulumi login\`. Only when there is none do
they keep it in \`${LOCAL_STATE_FOLDER}/\` in this folder, and then each command says so. The emulator forgets everything
when it stops: run \`destroy\` first, or \`npx pulumi-computeplatform refresh manifest.yaml\` afterwards to drop what
is gone from the stack.

The \`pulumi\` CLI deploys the same workers by running \`index.ts\`. It works on the same stacks when it sees the
same backend, which it does unless the commands said that state is kept in \`${LOCAL_STATE_FOLDER}/\`: then name that
folder first (the \`export\` line), else leave it out. \`pulumi whoami --verbose\` shows the backend \`pulumi\` uses.

\`\`\`sh
set -a; . ./.env; set +a
export PULUMI_BACKEND_URL="file://$PWD/${LOCAL_STATE_FOLDER}"   # only when the commands keep state in ${LOCAL_STATE_FOLDER}/
pulumi stack select dev   # fails when the stack is not in this backend: then it is not the one the commands deployed
pulumi up
\`\`\`

\`index.ts\` deploys the manifest named by the stack config \`manifest\` (default \`manifest.yaml\`):
\`pulumi config set manifest other.yaml\` switches to another.

## Coding agents

\`${AGENT_RULES_FILE}\` holds the rules a coding agent follows in this project; \`${AGENT_RULES_LINK}\` is a second
name for the same file, for the agents that read that one. Edit them as you like, and delete them if you do not
want them: \`computeplatform init\` does not write them again, as \`${INIT_RECORD}\` (commit it) records.

## Editor completion

The first line of \`manifest.yaml\` names the manifest's JSON Schema, which \`npm install\` puts in
\`node_modules\`. Editors that use yaml-language-server, such as VS Code with the YAML extension by Red Hat,
then complete resource types and properties, show each property's documentation, and mark mistakes as you
type. Keep that line in every manifest you add.
`;
}
