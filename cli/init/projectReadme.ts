import { LOCAL_STATE_FOLDER } from "../../automation/driver";

/** The README.md of a scaffolded project: how to install, configure, try against the emulator and deploy it. */
export function projectReadme(name: string): string {
  return `# ${name}

Compute Platform resources declared in \`manifest.yaml\` and deployed through the Pulumi engine with
[pulumi-computeplatform](https://www.npmjs.com/package/pulumi-computeplatform). You edit only the manifest:
the \`computeplatform\` commands deploy it directly, and \`index.ts\` deploys it for the \`pulumi\` CLI.

## Install

You need Node.js 20.18.1 or newer and the [Pulumi CLI](https://www.pulumi.com/docs/install/) on your PATH.

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

## Try it against the local emulator

The package includes an emulator of the Compute Platform API that holds everything in memory. Start it in
another terminal:

\`\`\`sh
npx computeplatform emulator --api-key dev-key
\`\`\`

Set \`COMPUTEPLATFORM_API_URL=http://127.0.0.1:8787\`, \`COMPUTEPLATFORM_API_KEY=dev-key\` and any
\`PULUMI_CONFIG_PASSPHRASE\` in \`.env\`, then deploy as below. The emulator forgets everything when it
stops: run \`destroy\` first, or \`npx computeplatform refresh manifest.yaml\` afterwards to drop what is gone
from the stack.

## Deploy

\`\`\`sh
npx computeplatform validate manifest.yaml   # checks the manifest offline, without calling the API
npx computeplatform preview manifest.yaml    # shows what up would change
npx computeplatform up manifest.yaml         # creates or updates the resources
npx computeplatform destroy manifest.yaml    # deletes them
\`\`\`

They use the stack \`dev\` unless \`--stack NAME\` says otherwise, and keep its state in \`${LOCAL_STATE_FOLDER}/\`
in this folder unless \`--backend URL\` or \`PULUMI_BACKEND_URL\` names another backend, such as
\`s3://bucket\`. \`npx computeplatform <command> --help\` lists every option.

The \`pulumi\` CLI deploys the same resources by running \`index.ts\`. To work on the same stacks:

\`\`\`sh
set -a; . ./.env; set +a
export PULUMI_BACKEND_URL="file://$PWD/${LOCAL_STATE_FOLDER}"
pulumi stack select --create dev
pulumi up
\`\`\`

\`index.ts\` deploys the manifest named by the stack config \`manifest\` (default \`manifest.yaml\`):
\`pulumi config set manifest other.yaml\` switches to another.

## Editor completion

The first line of \`manifest.yaml\` names the manifest's JSON Schema, which \`npm install\` puts in
\`node_modules\`. Editors that use yaml-language-server, such as VS Code with the YAML extension by Red Hat,
then complete resource types and properties, show each property's documentation, and mark mistakes as you
type. Keep that line in every manifest you add.
`;
}
