import { LOCAL_STATE_FOLDER } from "../../automation/driver";
import type { OwnPackage } from "./ownPackage";
import { projectReadme } from "./projectReadme";

/** One file of a scaffolded project. */
export interface ProjectFile {
  /** Path relative to the project folder. */
  path: string;
  content: string;
}

/**
 * The files of a new project that deploys `manifest.yaml` with this package, in the order `init` reports them.
 * Templates live here as strings rather than as files in the package because npm leaves `.gitignore` and `.env*`
 * files out of a published tarball.
 */
export function projectFiles(name: string, own: OwnPackage): ProjectFile[] {
  return [
    { path: "Pulumi.yaml", content: pulumiYaml(name, own) },
    { path: "package.json", content: packageJson(name, own) },
    { path: "tsconfig.json", content: TSCONFIG_JSON },
    { path: "index.ts", content: indexTs(own) },
    { path: "manifest.yaml", content: manifestYaml(own) },
    { path: ".gitignore", content: GITIGNORE },
    { path: ".env.example", content: ENV_EXAMPLE },
    { path: "README.md", content: projectReadme(name) },
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
    devDependencies: { "@types/node": "^20.19.0", typescript: "^5.9.0" },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
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

function manifestYaml(own: OwnPackage): string {
  return `# yaml-language-server: $schema=./node_modules/${own.name}/schema/manifest.json
#
# The Compute Platform resources of this project; the sample is a network volume and a one-GPU pod that mounts
# it at /workspace and publishes SSH and Jupyter. Each resource has a \`type\`, its \`properties\` (the v2 API's
# field names) and optional Pulumi \`options\`; \${name.field} refers to another resource's output. The first
# line lets editors complete and check this file.
#
#   npx computeplatform validate manifest.yaml   checks this file
#   npx computeplatform preview manifest.yaml    shows what up would change
#   npx computeplatform up manifest.yaml         creates or updates the resources
resources:
  data:
    type: NetworkVolume
    properties:
      name: data
      size: 50
      dataCenter: US-TX-3

  trainer:
    type: Pod
    properties:
      name: trainer
      image: pytorch/pytorch:2.4.0-cuda12.4-cudnn9-runtime
      gpu:
        id: NVIDIA A100 80GB PCIe
        count: 1
      mounts:
        network:
          - volumeId: \${data.id}
            path: /workspace
      ports:
        - 22/tcp
        - 8888/http
      startSsh: true

outputs:
  ssh: \${trainer.ssh.proxy.command}
  costPerHour: \${trainer.cost}
  volumeId: \${data.id}
`;
}

const GITIGNORE = `node_modules/
.env
${LOCAL_STATE_FOLDER}/
`;

const ENV_EXAMPLE = `# Copy this file to .env and fill it in. .env is git-ignored: keep the key out of version control.
# The computeplatform commands read .env from the manifest's folder, without overriding variables already set.
# For the pulumi CLI, load it into your shell first:  set -a; . ./.env; set +a

# An API key from the Compute Platform console, or the key that \`npx computeplatform emulator\` prints.
COMPUTEPLATFORM_API_KEY=
# Base URL of the API, without /v2. The local emulator's: http://127.0.0.1:8787
COMPUTEPLATFORM_API_URL=
# Encrypts the secrets of stacks kept in the local ${LOCAL_STATE_FOLDER} folder; choose one and keep it.
PULUMI_CONFIG_PASSPHRASE=
`;
