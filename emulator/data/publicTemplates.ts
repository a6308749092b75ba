import type { Template } from "../wire";

/** The slices of the public template catalog: curated, verified community, and everything else shared. */
export const TEMPLATE_SOURCES = ["official", "verified", "community"] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** At most this many templates are listed per catalog read; there is no pagination. */
export const PUBLIC_TEMPLATE_LIMIT = 100;

/** A template of the built-in public catalog, with the slice it is listed in. */
export interface PublicTemplateEntry {
  source: TemplateSource;
  template: Template;
}

/** What the catalog's pod templates share unless an entry says otherwise. */
const pod: Omit<Template, "id" | "name" | "image" | "disk" | "ports"> = {
  args: "",
  env: {},
  registry: null,
  mounts: {},
  serverless: false,
  public: true,
  category: "NVIDIA",
  startSsh: true,
  startJupyter: false,
  allowedCudaVersions: [],
};

// Ids carry a hyphen, which ids the store hands out never do, so a catalog id never collides with an account's.
export const PUBLIC_TEMPLATES: readonly PublicTemplateEntry[] = [
  {
    source: "official",
    template: {
      ...pod,
      id: "cp-pytorch-24",
      name: "PyTorch 2.4",
      image: "computeplatform/pytorch:2.4-cuda12.4",
      disk: 50,
      env: { JUPYTER_ENABLE_LAB: "yes" },
      ports: ["8888/http", "22/tcp"],
      mounts: { persistent: { size: 20, path: "/workspace" } },
      startJupyter: true,
      allowedCudaVersions: ["12.4", "12.6", "12.8"],
    },
  },
  {
    source: "official",
    template: {
      ...pod,
      id: "cp-ubuntu-2404",
      name: "Ubuntu 24.04",
      image: "computeplatform/base:ubuntu24.04",
      disk: 20,
      ports: ["22/tcp"],
      category: "CPU",
    },
  },
  {
    source: "official",
    template: {
      ...pod,
      id: "cp-rocm-pytorch-24",
      name: "PyTorch 2.4 on ROCm 6.2",
      image: "computeplatform/pytorch:2.4-rocm6.2",
      disk: 50,
      ports: ["8888/http", "22/tcp"],
      category: "AMD",
      startJupyter: true,
    },
  },
  {
    source: "official",
    template: {
      ...pod,
      id: "cp-vllm-worker",
      name: "vLLM serverless worker",
      image: "computeplatform/worker-vllm:0.6-cuda12.4",
      disk: 40,
      env: { MAX_MODEL_LEN: "8192" },
      ports: [],
      serverless: true,
      startSsh: false,
      allowedCudaVersions: ["12.4", "12.6"],
    },
  },
  {
    source: "verified",
    template: {
      ...pod,
      id: "cp-comfyui",
      name: "ComfyUI",
      image: "pixelforge/comfyui:0.3-cuda12.4",
      args: "--listen 0.0.0.0 --port 8188",
      disk: 60,
      ports: ["8188/http", "22/tcp"],
      mounts: { persistent: { size: 50, path: "/workspace" } },
    },
  },
  {
    source: "verified",
    template: {
      ...pod,
      id: "cp-textgen-webui",
      name: "Text generation web UI",
      image: "lanternworks/textgen-webui:2.1",
      disk: 40,
      ports: ["7860/http"],
      startSsh: false,
    },
  },
  {
    source: "community",
    template: {
      ...pod,
      id: "cp-jax-notebook",
      name: "JAX 0.4 notebook",
      image: "fieldnotes/jax:0.4-cuda12.4",
      disk: 30,
      ports: ["8888/http"],
      startJupyter: true,
    },
  },
  {
    source: "community",
    template: {
      ...pod,
      id: "cp-whisper-worker",
      name: "Whisper transcription worker",
      image: "quietbyte/whisper-worker:1.3",
      disk: 25,
      ports: [],
      serverless: true,
      startSsh: false,
    },
  },
];
