import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { UserError } from "../provider/errors";
import { sharedClient } from "../provider/sharedClient";
import { envFileHelp, envFileOption, loadDotEnv } from "./dotEnv";
import { readAccount } from "./import/accountSnapshot";
import { IMPORT_KIND_NAMES, type ImportKind, parseKinds } from "./import/importKinds";
import { type ImportPlan, planImport, resourceLabel } from "./import/importPlan";
import { pulumiImportFile } from "./import/pulumiImportFile";
import { stackResourceIds } from "./import/stackResourceIds";
import { SCHEMA_LINE } from "./migrate/render";
import { createPrivateFile, writePrivateFile } from "./privateFile";

export const help = `Usage: computeplatform import --out FILE [options]

Reads the account's pods, clusters, network volumes, templates (its own), serverless endpoints,
registry credentials, registry delegations and SSH keys, one list call per kind, and writes them as
a manifest in which each resource carries its live arguments and "adopt" with its id: the first
\`computeplatform up\` takes them over without writing anything to the API, and later edits change
them in place. Ids of imported volumes, templates and registry credentials become references such
as \${training-data.id}. Registry usernames and passwords (the API never returns them) and env values
that hold a secret (the rule \`migrate\` uses) become \${config.<key>}: the file holds no secret, and
the commands that set them are printed. Resources the stack's state holds already are skipped.

Options:
  -o, --out FILE             The manifest to write (0600, atomically); its folder is the project folder.
  --force                    Replace FILE when it exists.
  --kinds LIST               Only these kinds, comma separated: ${IMPORT_KIND_NAMES.join(", ")}.
  --name-prefix TEXT         Only resources whose name starts with TEXT.
  --exclude ID               Leave the resource ID out; repeatable.
  --stack NAME               The stack whose state says what is managed already. Default: dev
  --backend URL              Its Pulumi state backend (default: as the stack commands find it).
  --pulumi-import-file FILE  Also write Pulumi's bulk import file, for \`pulumi import --file FILE\`
                             through the native plugin, which generates a program's code.
  --json                     Print the plan (resources, skipped, config keys) as JSON; write nothing.
${envFileHelp}
  -h, --help                 Show this help.

Exit status: 0 when written; 1 on an error of the API or the files; 2 on bad usage, an unknown kind
or an --exclude id the account does not have (nothing is written).
`;

export interface ImportCommandOptions {
  out: string | undefined;
  force: boolean;
  kinds: ImportKind[];
  namePrefix: string | undefined;
  exclude: string[];
  stack: string;
  backend: string | undefined;
  pulumiImportFile: string | undefined;
  json: boolean;
  envFile: string | undefined;
}

export function parse(args: string[]): ImportCommandOptions {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      force: { type: "boolean", default: false },
      kinds: { type: "string" },
      "name-prefix": { type: "string" },
      exclude: { type: "string", multiple: true, default: [] },
      stack: { type: "string", default: "dev" },
      backend: { type: "string" },
      "pulumi-import-file": { type: "string" },
      json: { type: "boolean", default: false },
      ...envFileOption,
    },
  });
  if (positionals.length > 0) throw new UserError(`takes no arguments, got ${positionals.join(" ")}`);
  if (values.out === undefined && !values.json) throw new UserError("expects --out FILE, the manifest to write (or --json for the plan)");
  for (const file of [values.out, values["pulumi-import-file"]]) {
    if (file === undefined) continue;
    if (!fs.existsSync(path.dirname(path.resolve(file)))) throw new UserError(`${file}: its folder does not exist`);
    if (!values.force && fs.existsSync(file)) throw new UserError(`${file} exists; --force replaces it`);
  }
  return {
    out: values.out,
    force: values.force,
    kinds: parseKinds(values.kinds),
    namePrefix: values["name-prefix"],
    exclude: values.exclude,
    stack: values.stack,
    backend: values.backend,
    pulumiImportFile: values["pulumi-import-file"],
    json: values.json,
    envFile: values["env-file"],
  };
}

export async function run(options: ImportCommandOptions): Promise<number> {
  const manifest = options.out ?? "manifest.yaml";
  loadDotEnv(path.dirname(path.resolve(manifest)), { envFile: options.envFile });
  const account = await readAccount(sharedClient(), options.kinds);
  const stack = await stackResourceIds(manifest, options.stack, options.backend);
  let plan: ImportPlan;
  try {
    plan = planImport(account, { ...options, stackIds: stack.ids });
  } catch (error) {
    process.stderr.write(`computeplatform import: ${(error as Error).message}; nothing was written\n`);
    return 2;
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`);
    return 0;
  }
  const say = (line: string) => process.stderr.write(`${line}\n`);
  for (const resource of plan.inStack)
    say(`Skipped ${resourceLabel(resource)} (${resource.id}): stack ${options.stack} manages it already.`);
  if (plan.resources.length === 0) {
    say("Nothing to import: no resource of the account is left to declare; nothing was written.");
    return 0;
  }
  const document = {
    resources: Object.fromEntries(plan.resources.map(({ logicalName, kind, properties }) => [logicalName, { type: kind, properties }])),
  };
  const text = `${SCHEMA_LINE}\n# The account's resources, written by computeplatform import: each adopts the resource with its id.\n${stringify(document, { lineWidth: 0 })}`;
  write(manifest, text, options.force);
  say(`Wrote ${manifest}: ${plan.resources.length} resource${plan.resources.length === 1 ? "" : "s"} to adopt.`);
  if (options.pulumiImportFile !== undefined) {
    write(options.pulumiImportFile, pulumiImportFile(plan.resources), options.force);
    say(
      `Wrote ${options.pulumiImportFile}: run \`pulumi import --file ${options.pulumiImportFile}\` in a Pulumi project to generate its code.`,
    );
  }
  if (plan.secrets.length > 0) for (const line of configCommands(plan, manifest, options, stack.exists)) say(line);
  return 0;
}

/**
 * The commands that set what the manifest reads from stack config, each runnable as printed in the manifest's folder:
 * a stack that does not exist is made by `computeplatform up`, which stops there while its config is not set, and a
 * backend named with `--backend` is named to `pulumi` too.
 */
function configCommands(
  plan: ImportPlan,
  manifest: string,
  { stack: stackName, backend }: Pick<ImportCommandOptions, "stack" | "backend">,
  stackExists: boolean,
): string[] {
  const folder = path.dirname(manifest);
  const count = plan.secrets.length;
  return [
    "",
    `The manifest reads ${count} value${count === 1 ? "" : "s"} from stack config; set each in ${folder === "." ? "this folder" : "its folder"} (a config command prompts for the value):`,
    ...(folder === "." ? [] : [`  cd ${folder}`]),
    ...(backend === undefined ? [] : [`  export PULUMI_BACKEND_URL=${backend}`]),
    ...(stackExists
      ? []
      : [
          `  computeplatform up ${path.basename(manifest)}${stackName === "dev" ? "" : ` --stack ${stackName}`}    # creates stack ${stackName} and stops, its config not being set yet`,
        ]),
    ...plan.secrets.map(({ key, holds, reason }) => `  pulumi config set --stack ${stackName} --secret ${key}    # ${holds}: ${reason}`),
  ];
}

function write(file: string, text: string, force: boolean): void {
  if (force) writePrivateFile(file, text);
  else if (!createPrivateFile(file, text)) throw new UserError(`${file} exists; --force replaces it`);
}
