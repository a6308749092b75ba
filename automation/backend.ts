import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";

/** Where a {@link StateBackend} came from, in the order they are looked for. */
export type BackendSource = "option" | "PULUMI_BACKEND_URL" | "project" | "login" | "local";

/** The state backend a stack uses, and why. */
export interface StateBackend {
  /** The backend URL, e.g. `file:///srv/state`, `s3://bucket` or `https://api.pulumi.com`. */
  url: string;
  /**
   * `option`: named by the caller; `PULUMI_BACKEND_URL`: the environment variable; `project`: the project file's
   * `backend.url`; `login`: the current `pulumi login`; `local`: none of these, so a folder beside the project.
   */
  source: BackendSource;
}

/** The folder, inside the work dir, of the file backend used when no other backend is named. */
export const LOCAL_STATE_FOLDER = ".pulumi-state";

/** Options of {@link resolveBackend}. */
export interface ResolveBackendOptions {
  /** The project folder. */
  workDir: string;
  /** A backend the caller names; it wins over everything. */
  backendUrl?: string;
  /** The project file in `workDir`, if there is one. */
  projectFile?: string;
  /** @default `PULUMI_HOME` or `~/.pulumi` */
  pulumiHome?: string;
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
}

/**
 * The backend that `pulumi` itself would use in `workDir`: `PULUMI_BACKEND_URL`, then the project's `backend.url`,
 * then the current `pulumi login`. Only when there is none is it a file backend in `<workDir>/.pulumi-state`, so
 * that the stack commands and the `pulumi` CLI never keep two states of one stack.
 */
export function resolveBackend(options: ResolveBackendOptions): StateBackend {
  const env = options.env ?? process.env;
  if (options.backendUrl) return { url: options.backendUrl, source: "option" };
  if (env.PULUMI_BACKEND_URL) return { url: env.PULUMI_BACKEND_URL, source: "PULUMI_BACKEND_URL" };
  const projectUrl = options.projectFile === undefined ? undefined : projectBackendUrl(options.projectFile);
  if (projectUrl) return { url: projectUrl, source: "project" };
  const login = currentLogin(options.pulumiHome ?? env.PULUMI_HOME ?? path.join(os.homedir(), ".pulumi"));
  if (login) return { url: login, source: "login" };
  return { url: `file://${path.resolve(options.workDir, LOCAL_STATE_FOLDER)}`, source: "local" };
}

/** `backend.url` of a Pulumi project file, if it names one. */
function projectBackendUrl(file: string): string | undefined {
  const text = fs.readFileSync(file, "utf8");
  const project = (file.endsWith(".json") ? JSON.parse(text) : parseYaml(text)) as { backend?: { url?: unknown } } | null;
  const url = project?.backend?.url;
  return typeof url === "string" && url !== "" ? url : undefined;
}

/** The backend of the current `pulumi login`, from `<pulumiHome>/credentials.json`. */
function currentLogin(pulumiHome: string): string | undefined {
  const file = path.join(pulumiHome, "credentials.json");
  if (!fs.existsSync(file)) return undefined;
  const { current } = JSON.parse(fs.readFileSync(file, "utf8")) as { current?: unknown };
  return typeof current === "string" && current !== "" ? current : undefined;
}
