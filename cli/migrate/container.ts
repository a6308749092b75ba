import { port } from "../../provider/resources/container/containerRules";
import { atLeast } from "./bounds";
import { joinCommandLine } from "./commandLine";
import { readEnv } from "./env";
import type { EntryRule, V1Fields } from "./fields";
import type { ConversionContext } from "./kind";

/** What v1 gave a pod or template whose create body left these out, where v2's default differs. */
const V1_CONTAINER_DEFAULTS = {
  containerDiskInGb: 50,
  ports: ["8888/http", "22/tcp"],
  volumeInGb: 20,
  volumeMountPath: "/workspace",
} as const;

/** An exposed port as v2 takes it. */
const portEntry: EntryRule = {
  isValid: (entry) => port.safeParse(entry).success,
  expected: `"<port>/http" or "<port>/tcp"`,
};

/** The container settings of a v1 pod or template, under their v2 names. */
export interface ContainerSettings {
  image?: string;
  args?: string;
  disk?: number;
  env?: Record<string, string>;
  ports?: string[];
  registry?: string;
  /** v1 `volumeInGb` as given: the size of the pod volume, 0 for none. */
  volumeInGb?: number;
  /** v1 `volumeMountPath`: where the pod volume or the network volume is mounted. */
  volumeMountPath: string;
}

/**
 * Reads `imageName` (`image` in a pod response), `dockerStartCmd`, `containerDiskInGb`, `env`, `ports`,
 * `containerRegistryAuthId`, `volumeInGb` and `volumeMountPath`. With `v1Defaults`, for a create body that names no
 * template, a missing disk or port list gets the value v1 gave it. The env keys in `serviceEnvKeys` are left out.
 */
export function readContainer(
  fields: V1Fields,
  context: ConversionContext,
  { v1Defaults, serviceEnvKeys = [] }: { v1Defaults: boolean; serviceEnvKeys?: readonly string[] },
): ContainerSettings {
  const registry = fields.string("containerRegistryAuthId");
  const disk = fields.integer("containerDiskInGb") ?? (v1Defaults ? V1_CONTAINER_DEFAULTS.containerDiskInGb : undefined);
  return {
    image: fields.string("imageName") ?? fields.string("image"),
    args: readArgs(fields, context),
    disk: atLeast(disk, 1, { field: "containerDiskInGb", target: "disk" }, context.warn),
    env: readEnv(fields, context, serviceEnvKeys),
    ports: fields.stringList("ports", portEntry) ?? (v1Defaults ? [...V1_CONTAINER_DEFAULTS.ports] : undefined),
    registry: registry === undefined ? undefined : context.reference("registry", registry),
    volumeInGb: fields.integer("volumeInGb"),
    volumeMountPath: fields.string("volumeMountPath") ?? V1_CONTAINER_DEFAULTS.volumeMountPath,
  };
}

/**
 * The v2 persistent mount for v1 `volumeInGb` and `volumeMountPath`; with `v1Defaults`, the 20 GB volume v1 gave
 * a create body without `volumeInGb`. Undefined when there is no volume.
 */
export function persistentMount(
  container: ContainerSettings,
  v1Defaults: boolean,
  context: ConversionContext,
): { size: number; path: string } | undefined {
  const size = container.volumeInGb ?? (v1Defaults ? V1_CONTAINER_DEFAULTS.volumeInGb : 0);
  if (size <= 0) return undefined;
  const target = { field: "volumeInGb", target: "mounts.persistent.size" };
  return { size: atLeast(size, 10, target, context.warn), path: container.volumeMountPath };
}

/** `dockerStartCmd` (a list of words; a string is taken as the command line itself) as v2 `args`. */
function readArgs(fields: V1Fields, context: ConversionContext): string | undefined {
  const command = fields.value("dockerStartCmd");
  if (command === undefined || command === null || command === "") return undefined;
  if (typeof command === "string") return command;
  if (Array.isArray(command) && command.every((word) => typeof word === "string")) {
    return command.length > 0 ? joinCommandLine(command) : undefined;
  }
  context.warn(`"dockerStartCmd" is not a list of strings; dropped`);
  return undefined;
}
