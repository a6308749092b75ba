/** The README.md of a scaffolded project: how to install, configure, try against the emulator and deploy it. */
export function projectReadme(name: string): string {
  return `# ${name}

Compute Platform resources declared in \`manifest.yaml\` and deployed through the Pulumi engine with
[pulumi-computeplatform](https://www.npmjs.com/package/pulumi-computeplatform). \`index.ts\` loads the
manifest and exports its \`outputs\` as stack outputs, so you edit only the manifest.

## Install

You need Node.js 20.18.1 or newer and the [Pulumi CLI](https://www.pulumi.com/docs/install/) on your PATH.

\`\`\`sh
npm install
\`\`\`

## Set the API key

\`\`\`sh
cp .env.example .env      # then fill in COMPUTEPLATFORM_API_KEY and COMPUTEPLATFORM_API_URL
set -a; . ./.env; set +a  # load it into this shell
\`\`\`

\`.env\` is git-ignored. Instead of the environment you can use the stack's config, which keeps the key
encrypted: \`pulumi config set computeplatform:apiUrl <url>\` and
\`pulumi config set --secret computeplatform:apiKey <key>\`.

## Try it against the local emulator

The package includes an emulator of the Compute Platform API that holds everything in memory. Start it in
another terminal:

\`\`\`sh
npx computeplatform emulator --api-key dev-key
\`\`\`

Then point this shell at it and preview the manifest:

\`\`\`sh
export COMPUTEPLATFORM_API_URL=http://127.0.0.1:8787 COMPUTEPLATFORM_API_KEY=dev-key
npx computeplatform preview manifest.yaml
\`\`\`

## Deploy

\`\`\`sh
npx computeplatform validate manifest.yaml   # checks the manifest, calls no API
npx computeplatform preview manifest.yaml    # shows what up would change
npx computeplatform up manifest.yaml         # creates or updates the resources
npx computeplatform destroy manifest.yaml    # deletes them
\`\`\`

\`npx computeplatform <command> --help\` lists the options, such as \`--stack\` and \`--backend\`.

The Pulumi CLI deploys the same resources by running \`index.ts\`:

\`\`\`sh
pulumi stack init dev
pulumi up
\`\`\`

To deploy another manifest, set its path in the stack config: \`pulumi config set manifest other.yaml\`.

## Editor completion

The first line of \`manifest.yaml\` names the manifest's JSON Schema, which \`npm install\` puts in
\`node_modules\`. Editors that use yaml-language-server, such as VS Code with the YAML extension by Red Hat,
then complete resource types and properties, show each property's documentation, and mark mistakes as you
type. Keep that line in every manifest you add.
`;
}
