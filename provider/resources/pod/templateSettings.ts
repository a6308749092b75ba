import type { ComputePlatformClient } from "../../client";
import { NotFoundError } from "../../client/errors";
import type { CheckedPodInputs } from "./inputs";
import type { PodOutputs } from "./outputs";
import { UserError } from "../../errors";

/** The create-only settings a template gives a pod that leaves them out. */
export interface TemplateSettings {
  startSsh?: boolean;
  startJupyter?: boolean;
  /** Applies to GPU pods that set neither CUDA field. */
  allowedCudaVersions?: string[];
}

/** What a template gives the pods made from it, for state to record; nothing for a pod without one. */
export async function templateSettings(client: ComputePlatformClient, templateId: string | undefined): Promise<TemplateSettings> {
  if (templateId === undefined) return {};
  try {
    const { startSsh, startJupyter, allowedCudaVersions } = await client.templates.get(templateId);
    return { startSsh, startJupyter, allowedCudaVersions };
  } catch (error) {
    if (error instanceof NotFoundError) throw new UserError(`templateId: there is no template "${templateId}", of your own or public`);
    throw error;
  }
}

/**
 * The arguments with the create-only settings they leave to the template filled in, so that state records
 * what the pod runs with and declaring the template's own value later is no change.
 */
export function withTemplateSettings(inputs: CheckedPodInputs, settings: TemplateSettings): CheckedPodInputs {
  if (inputs.templateId === undefined) return inputs;
  const effective: CheckedPodInputs = {
    ...inputs,
    startSsh: inputs.startSsh ?? settings.startSsh,
    startJupyter: inputs.startJupyter ?? settings.startJupyter,
  };
  const { gpu } = inputs;
  const cudaLeftOut = typeof gpu === "object" && gpu.allowedCudaVersions === undefined && gpu.minCudaVersion === undefined;
  if (cudaLeftOut && settings.allowedCudaVersions !== undefined && settings.allowedCudaVersions.length > 0) {
    effective.gpu = { ...gpu, allowedCudaVersions: settings.allowedCudaVersions };
  }
  return effective;
}

/** The arguments as a new or adopted pod runs with them: what they leave to its template, read from it. */
export async function madeWithTemplate(client: ComputePlatformClient, inputs: CheckedPodInputs): Promise<CheckedPodInputs> {
  return withTemplateSettings(inputs, await templateSettings(client, inputs.templateId));
}

/** The template settings a pod's state recorded at create. */
export function recordedTemplateSettings(olds: PodOutputs): TemplateSettings {
  return { startSsh: olds.startSsh, startJupyter: olds.startJupyter, allowedCudaVersions: olds.gpu?.allowedCudaVersions };
}
