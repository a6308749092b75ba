import { describe, expect, it } from "vitest";
import { migrateV1 } from "../../cli/migrate/convert";
import { formatWarning } from "../../cli/migrate/warnings";
import { networkVolumeInputsSchema } from "../../provider/resources/networkVolume/inputs";
import { registryInputsSchema } from "../../provider/resources/registry/inputs";
import { templateInputsSchema } from "../../provider/resources/template/inputs";

const schemas = { Template: templateInputsSchema, NetworkVolume: networkVolumeInputsSchema, Registry: registryInputsSchema };

/** What `v1`, listed under `key`, migrates to, each resource checked against its v2 arguments, and the stderr lines. */
function migrate(key: string, v1: object) {
  const { document, warnings } = migrateV1({ [key]: [v1] });
  for (const resource of Object.values(document.resources)) {
    expect(schemas[resource.type as keyof typeof schemas].safeParse(resource.properties).error).toBeUndefined();
  }
  return { resources: JSON.parse(JSON.stringify(document.resources)), lines: warnings.map(formatWarning) };
}

describe("migrating a v1 template", () => {
  const subject = 'templates[0] (name "t")';
  const v1BodyDefaults = { disk: 50, ports: ["8888/http", "22/tcp"], mounts: { persistent: { size: 20, path: "/workspace" } } };

  it.each([
    ["a minimal create body, with the disk, ports and pod volume v1 gave it", { name: "t", imageName: "org/t:1" }, v1BodyDefaults, []],
    [
      "every create field that has a v2 place",
      {
        name: "t",
        imageName: "org/t:1",
        category: "AMD",
        containerDiskInGb: 40,
        containerRegistryAuthId: "reg1",
        dockerStartCmd: ["--port", "8000"],
        env: { LOG_LEVEL: "info", GITHUB_TOKEN: "ghp_x" },
        isPublic: true,
        isServerless: true,
        ports: ["8000/http"],
        volumeInGb: 0,
        volumeMountPath: "/workspace",
        dockerEntrypoint: [],
        readme: "",
      },
      {
        args: "--port 8000",
        disk: 40,
        env: { LOG_LEVEL: "info", GITHUB_TOKEN: "${config.tGithubToken}" },
        ports: ["8000/http"],
        registry: "reg1",
        public: true,
        serverless: true,
        category: "AMD",
      },
      [
        `note: ${subject}: env GITHUB_TOKEN looks like a secret, so it is read from stack config; run: pulumi config set --secret tGithubToken <value>`,
      ],
    ],
    [
      "settings v2 has no place for, a category v2 does not know, a small pod volume",
      {
        name: "t",
        imageName: "org/t:1",
        dockerEntrypoint: ["/bin/sh", "-c"],
        readme: "# T",
        category: "INTEL",
        volumeInGb: 8,
        volumeMountPath: "/data",
      },
      { disk: 50, ports: ["8888/http", "22/tcp"], mounts: { persistent: { size: 10, path: "/data" } } },
      [
        `warning: ${subject}: "volumeInGb" 8 is below the v2 minimum of 10; mounts.persistent.size is 10`,
        `warning: ${subject}: "category" is "INTEL", not one of CPU, NVIDIA, AMD; dropped`,
        `warning: ${subject}: "dockerEntrypoint" has no v2 equivalent; dropped`,
        `warning: ${subject}: "readme" has no v2 equivalent; dropped`,
      ],
    ],
    [
      "an update body without an image",
      { name: "t", isPublic: false, readme: "" },
      { image: "${config.tImage}", ...v1BodyDefaults, public: false },
      [`note: ${subject}: v1 names no image, which v2 requires; run: pulumi config set tImage <image reference>`],
    ],
    [
      "a template of a list response: adopted, read-outs dropped quietly, no v1 defaults",
      {
        id: "tmpl1",
        name: "t",
        category: "NVIDIA",
        containerDiskInGb: 20,
        dockerEntrypoint: [],
        dockerStartCmd: [],
        earned: 12.5,
        env: {},
        imageName: "org/t:1",
        isPublic: false,
        isServerless: false,
        ports: [],
        readme: "",
        runtimeInMin: 4210,
        volumeInGb: 0,
        volumeMountPath: "/workspace",
      },
      { disk: 20, ports: [], public: false, serverless: false, category: "NVIDIA", adopt: "tmpl1" },
      [],
    ],
  ])("%s", (_label, v1, properties, lines) => {
    expect(migrate("templates", v1)).toEqual({
      resources: { t: { type: "Template", properties: { name: "t", image: "org/t:1", ...properties } } },
      lines,
    });
  });
});

describe("migrating a v1 network volume", () => {
  it.each([
    ["a create body", { name: "data", size: 50, dataCenterId: "EU-RO-1" }, { name: "data", size: 50, dataCenter: "EU-RO-1" }, []],
    [
      "a list item, adopted",
      { id: "vol1", name: "data", size: 4000, dataCenterId: "US-TX-3" },
      { name: "data", size: 4000, dataCenter: "US-TX-3", adopt: "vol1" },
      [],
    ],
    [
      "a size below v2's minimum",
      { name: "data", size: 0, dataCenterId: "EU-RO-1" },
      { name: "data", size: 10, dataCenter: "EU-RO-1" },
      ['warning: networkVolumes[0] (name "data"): "size" 0 is below the v2 minimum of 10; size is 10'],
    ],
    [
      "an update body without a data center",
      { name: "data", size: 100 },
      { name: "data", size: 100, dataCenter: "${config.dataDataCenter}" },
      [
        'note: networkVolumes[0] (name "data"): v1 names no data center, which v2 requires; run: pulumi config set dataDataCenter <data center id>',
      ],
    ],
  ])("%s", (_label, v1, properties, lines) => {
    expect(migrate("networkVolumes", v1)).toEqual({ resources: { data: { type: "NetworkVolume", properties } }, lines });
  });

  it("skips a volume without a size", () => {
    expect(migrate("networkVolumes", { name: "data", dataCenterId: "EU-RO-1" })).toEqual({
      resources: {},
      lines: ['warning: networkVolumes[0] (name "data"): has no "size", which v2 requires; skipped'],
    });
  });
});

describe("migrating a v1 container registry auth", () => {
  const notes = (subject: string, key: string) => [
    `note: ${subject}: username is read from stack config, never written to the manifest; run: pulumi config set --secret ${key}Username <username>`,
    `note: ${subject}: password is read from stack config, never written to the manifest; run: pulumi config set --secret ${key}Password <password>`,
  ];

  it("never writes the credentials of a create body, reading them from stack config", () => {
    const result = migrate("registries", { name: "Docker Hub", username: "org-bot", password: "s3cr3t-value" });
    expect(result).toEqual({
      resources: {
        "docker-hub": {
          type: "Registry",
          properties: { name: "Docker Hub", username: "${config.dockerHubUsername}", password: "${config.dockerHubPassword}" },
        },
      },
      lines: notes('registries[0] (name "Docker Hub")', "dockerHub"),
    });
    expect(JSON.stringify(result)).not.toMatch(/org-bot|s3cr3t-value/);
  });

  it("adopts a list item, whose credentials v1 never returned", () => {
    expect(migrate("registries", { id: "reg1", name: "ghcr" })).toEqual({
      resources: {
        ghcr: {
          type: "Registry",
          properties: { name: "ghcr", username: "${config.ghcrUsername}", password: "${config.ghcrPassword}", adopt: "reg1" },
        },
      },
      lines: notes('registries[0] (name "ghcr")', "ghcr"),
    });
  });
});
