import { LOCAL_STATE_FOLDER } from "../../automation/backend";
import { CACHE_FILE } from "../dev/cache";
import { AGENT_RULES_FILE, AGENT_RULES_LINK, agentRules } from "./agentRules";
import type { OwnPackage } from "../ownPackage";
import { projectManifest } from "./projectManifest";
import { projectReadme } from "./projectReadme";

/** One file of a scaffolded project. */
export interface ProjectFile {
  /** Path relative to the project folder. */
  path: string;
  content: string;
  /** The user fills it with secrets, so it is written for its owner only (0600). @default false */
  mayHoldSecrets?: boolean;
}

/** A second name for a file of a scaffolded project: a symbolic link to it. */
export interface ProjectLink {
  /** Path relative to the project folder. */
  path: string;
  /** The file it points to, relative to the link's folder. */
  linkTo: string;
}

/**
 * The files of a new project whose workers are the serverless endpoints of `manifest.yaml`, deployed with this
 * package, in the order `init` reports them. Templates live here as strings rather than as files in the package
 * because npm leaves `.gitignore` and `.env*` files out of a published tarball.
 */
export function projectFiles(name: string, own: OwnPackage): ProjectFile[] {
  return [
    { path: "Pulumi.yaml", content: pulumiYaml(name, own) },
    { path: "package.json", content: packageJson(name, own) },
    { path: "tsconfig.json", content: TSCONFIG_JSON },
    { path: "index.ts", content: indexTs(own) },
    { path: "manifest.yaml", content: projectManifest(name, own) },
    { path: ".gitignore", content: GITIGNORE },
    // 0600 so that the documented `cp .env.example .env` makes a .env only its owner reads.
    { path: ".env.example", content: ENV_EXAMPLE, mayHoldSecrets: true },
    { path: "README.md", content: projectReadme(name) },
  ];
}

/** The agent files of a new project: the agent-rules file and its second name, in the order `init` reports them. */
export function agentFiles(name: string, own: OwnPackage): Array<ProjectFile | ProjectLink> {
  return [
    { path: AGENT_RULES_FILE, content: agentRules(name, own) },
    { path: AGENT_RULES_LINK, linkTo: AGENT_RULES_FILE },
  ];
}

function pulumiYaml(name: string, own: OwnPackage): string {
  return `name: ${name}
description: Compute Platform resources declared in a YAML manifest, deployed with ${own.name}
runtime: nodejs
config:
  manifest:
    type: string
    description: The manifest to deploy, relative to this folder
    default: manifest.yaml
`;
}

function packageJson(name: string, own: OwnPackage): string {
  const manifest = {
    name,
    private: true,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": own.pulumiRange, [own.name]: `^${own.version}` },
    // The local servers' packages, for `computeplatform emulator` and `computeplatform dev` while developing.
    devDependencies: sortedByName({ "@types/node": "^20.19.0", typescript: "^5.9.0", ...own.serverRanges }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** `record` with its keys in the order npm writes dependencies. */
function sortedByName(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

const TSCONFIG_JSON = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "node16",
    "moduleResolution": "node16",
    "strict": true,
    "skipLibCheck": true
  },
  "files": ["index.ts"]
}
`;

function indexTs(own: OwnPackage): string {
  return `// Deploys the resources of a manifest (stack config \`manifest\`, default manifest.yaml) and exports its outputs.
import * as pulumi from "@pulumi/pulumi";
import { loadManifest } from "${own.name}";

const manifest = new pulumi.Config().get("manifest") ?? "manifest.yaml";
export = loadManifest(manifest).then((loaded) => loaded.outputs);
`;
}

const GITIGNORE = `node_modules/
.env
${LOCAL_STATE_FOLDER}/
${CACHE_FILE}
`;

const ENV_EXAMPLE = `# Copy this file to .env and fill it in. .env is git-ignored: keep the key out of version control.
# The computeplatform commands read .env from the manifest's folder, without overriding variables already set.
# For the pulumi CLI, load it into your shell first:  set -a; . ./.env; set +a

# An API key from the Compute Platform console, or the key that \`npx pulumi-computeplatform emulator\` prints.
COMPUTEPLATFORM_API_KEY=
# Base URL of the API, without /v2. The local emulator's: http://127.0.0.1:8787
COMPUTEPLATFORM_API_URL=
# Encrypts the secrets of stacks kept in the local ${LOCAL_STATE_FOLDER} folder; choose one and keep it.
PULUMI_CONFIG_PASSPHRASE=
`;
