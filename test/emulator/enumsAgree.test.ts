import { describe, expect, test } from "vitest";
import { AVAILABILITY_LEVELS } from "../../emulator/catalog/availability";
import { BUCKET_SIZES } from "../../emulator/billing/spans";
import { COMPLIANCE_CERTIFICATIONS, CPU_PRODUCTS, DATA_CENTER_REGIONS, GPU_PRODUCTS } from "../../emulator/data/catalog";
import { TEMPLATE_SOURCES } from "../../emulator/data/publicTemplates";
import { DATA_CENTER_INCLUDES } from "../../emulator/schemas";
import {
  CLOUDS,
  CLUSTER_TYPES,
  ENDPOINT_TYPES,
  FINAL_JOB_STATUSES,
  FLASHBOOT_MODES,
  JOB_STATUSES,
  POD_ACTIONS,
  POD_CLUSTER_ROLES,
  POD_STATUSES,
  TEMPLATE_CATEGORIES,
  VOLUME_TYPES,
  WORKER_STATUSES,
} from "../../emulator/wire";
import { bucketSizes } from "../../provider/wire/billing";
import {
  availabilityLevels,
  complianceCertifications,
  cpuProducts,
  dataCenterIncludes,
  dataCenterRegions,
  gpuProducts,
} from "../../provider/wire/catalog";
import { clusterTypes, podClusterRoles } from "../../provider/resources/cluster/inputs";
import { finalJobStatuses, jobStatuses } from "../../provider/wire/job";
import { volumeTypes } from "../../provider/wire/catalog";
import { podActions, podStatuses } from "../../provider/resources/pod/inputs";
import { clouds } from "../../provider/wire/catalog";
import { endpointTypes, flashbootModes, workerStatuses } from "../../provider/resources/serverlessEndpoint/inputs";
import { templateCategories, templateSources } from "../../provider/resources/template/inputs";

// The emulator imports nothing from provider/, so it keeps its own copy of every enum of the API; each copy must
// equal the provider's, values and order alike (order shows in the emulator's OpenAPI and in its error messages).
const PAIRS: ReadonlyArray<{ name: string; emulator: readonly string[]; provider: readonly string[] }> = [
  { name: "pod statuses", emulator: POD_STATUSES, provider: podStatuses },
  { name: "pod actions", emulator: POD_ACTIONS, provider: podActions },
  { name: "clouds", emulator: CLOUDS, provider: clouds },
  { name: "network volume types", emulator: VOLUME_TYPES, provider: volumeTypes },
  { name: "cluster types", emulator: CLUSTER_TYPES, provider: clusterTypes },
  { name: "cluster pod roles", emulator: POD_CLUSTER_ROLES, provider: podClusterRoles },
  { name: "serverless endpoint types", emulator: ENDPOINT_TYPES, provider: endpointTypes },
  { name: "FlashBoot modes", emulator: FLASHBOOT_MODES, provider: flashbootModes },
  { name: "worker statuses", emulator: WORKER_STATUSES, provider: workerStatuses },
  { name: "job statuses", emulator: JOB_STATUSES, provider: jobStatuses },
  { name: "final job statuses", emulator: FINAL_JOB_STATUSES, provider: finalJobStatuses },
  { name: "template categories", emulator: TEMPLATE_CATEGORIES, provider: templateCategories },
  { name: "public template sources", emulator: TEMPLATE_SOURCES, provider: templateSources },
  { name: "availability levels", emulator: AVAILABILITY_LEVELS, provider: availabilityLevels },
  { name: "data center regions", emulator: DATA_CENTER_REGIONS, provider: dataCenterRegions },
  { name: "compliance certifications", emulator: COMPLIANCE_CERTIFICATIONS, provider: complianceCertifications },
  { name: "GPU products", emulator: GPU_PRODUCTS, provider: gpuProducts },
  { name: "CPU products", emulator: CPU_PRODUCTS, provider: cpuProducts },
  { name: "data center includes", emulator: DATA_CENTER_INCLUDES, provider: dataCenterIncludes },
  { name: "billing bucket sizes", emulator: BUCKET_SIZES, provider: bucketSizes },
];

describe("every enum the emulator copies equals the provider's", () => {
  test.each(PAIRS)("$name", ({ emulator, provider }) => {
    expect([...emulator]).toEqual([...provider]);
  });

  test("no copy is listed twice", () => {
    expect(new Set(PAIRS.map((pair) => pair.emulator)).size).toBe(PAIRS.length);
  });
});
