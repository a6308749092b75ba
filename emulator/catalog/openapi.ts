import { COMPLIANCE_CERTIFICATIONS, type CpuType, DATA_CENTER_REGIONS, type DataCenter, type GpuType } from "../data/catalog";
import {
  arrayOf,
  boolean,
  described,
  enumOf,
  integer,
  nullable,
  number,
  ref,
  string,
  type TagSection,
  wireObject,
} from "../http/openapiBuilders";
import { pathsOf } from "../http/operation";
import { VOLUME_TYPES } from "../wire";
import {
  AVAILABILITY_LEVELS,
  type cpusAt,
  type cudaVersionsIn,
  type DataCenterAvailability,
  type gpusAt,
  type RenderedAvailability,
} from "./availability";
import { CATALOG_OPERATIONS } from "./operations";

const tag = { name: "Catalog", description: "GPU types, CPU flavors and data centers, with prices and current availability." };

/** A GPU type as answered: availability only when asked for, `cudaVersions` only where the type has stock. */
type RenderedGpuType = GpuType & Partial<RenderedAvailability> & { cudaVersions?: ReturnType<typeof cudaVersionsIn> };
type RenderedCpuType = CpuType & Partial<RenderedAvailability>;
type RenderedDataCenter = DataCenter & {
  gpuAvailability?: ReturnType<typeof gpusAt>;
  cpuAvailability?: ReturnType<typeof cpusAt>;
};

const availability = {
  availability: described(ref("AvailabilityLevel"), "The best level of any data center offering the configuration."),
  dataCenters: described(arrayOf(ref("DataCenterAvailability")), "Each data center offering the configuration; absent when none does."),
};

export const catalog: TagSection = {
  tag,
  schemas: {
    AvailabilityLevel: enumOf(AVAILABILITY_LEVELS),
    DataCenterAvailability: wireObject<DataCenterAvailability>({ id: string, name: string, availability: ref("AvailabilityLevel") }),
    GpuType: wireObject<RenderedGpuType>(
      {
        id: string,
        name: string,
        pool: described(nullable(string), "Serverless pool; null for types serverless does not offer."),
        manufacturer: enumOf(["NVIDIA", "AMD"]),
        memory: described(integer, "GB"),
        secure: boolean,
        community: boolean,
        price: described(
          wireObject<GpuType["price"]>({ secure: number, community: number, serverless: number }, { serverless: true }),
          "USD per GPU-hour",
        ),
        maxCount: wireObject<GpuType["maxCount"]>({ secure: integer, community: integer }),
        ...availability,
        cudaVersions: arrayOf(wireObject<ReturnType<typeof cudaVersionsIn>[number]>({ version: string, available: boolean })),
      },
      { availability: true, dataCenters: true, cudaVersions: true },
    ),
    CpuType: wireObject<RenderedCpuType>(
      {
        id: string,
        name: string,
        group: string,
        vcpu: wireObject<CpuType["vcpu"]>({ min: integer, max: integer }),
        ramGbPerVcpu: number,
        price: described(wireObject<CpuType["price"]>({ securePerVcpu: number, serverlessPerVcpu: number }), "USD per vCPU-hour"),
        ...availability,
      },
      { availability: true, dataCenters: true },
    ),
    DataCenter: wireObject<RenderedDataCenter>(
      {
        id: string,
        name: string,
        region: enumOf(DATA_CENTER_REGIONS),
        globalNetwork: boolean,
        networkVolumeTypes: arrayOf(enumOf(VOLUME_TYPES)),
        compliance: arrayOf(enumOf(COMPLIANCE_CERTIFICATIONS)),
        gpuAvailability: described(arrayOf(ref("DataCenterAvailability")), "With GPU_AVAILABILITY, when it carries any GPU."),
        cpuAvailability: described(arrayOf(ref("DataCenterAvailability")), "With CPU_AVAILABILITY, when it carries any CPU."),
      },
      { gpuAvailability: true, cpuAvailability: true },
    ),
  },
  paths: pathsOf(tag.name, CATALOG_OPERATIONS),
};
