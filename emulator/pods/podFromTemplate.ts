import type { z } from "zod";
import type { Caller } from "../http/auth";
import { Problem } from "../http/problem";
import { readableTemplate } from "../templates/publicTemplates";
import {
  type CreatePodFromTemplateRequest,
  type CreatePodRequest,
  createPodFromTemplateRequest,
  createPodRequest,
  type UpdatePodRequest,
} from "../schemas";
import type { Store } from "../store";
import type { Template } from "../wire";
import { parseBody } from "../http/validation";

/** A validated pod create body, with the template it names already resolved into it. */
export interface PodCreate {
  body: CreatePodRequest;
  /** Id of the template the pod is made from, or null. */
  template: string | null;
}

/**
 * Parses a pod create body. One that names a template takes the template's settings, read once: the template
 * must be the caller's own or a public one (404 otherwise, whoever owns it) and a pod template (422 otherwise).
 */
export function parsePodCreate(store: Store, caller: Caller, raw: unknown): PodCreate {
  if (!namesTemplate(raw)) return { body: parseBody(createPodRequest, raw), template: null };
  const request = parseBody(createPodFromTemplateRequest, raw);
  const template = podTemplate(store, caller, request.templateId);
  return { body: parseBody(createPodRequest, podBodyFromTemplate(request, template)), template: template.id };
}

/** The template a pod may take its settings from: 404 when the caller cannot read it, 422 for a serverless one. */
export function podTemplate(store: Store, caller: Caller, id: string): Template {
  const template = readableTemplate(store, caller, id);
  if (template === undefined) throw new Problem(404, `Template ${id} not found`);
  if (template.serverless) {
    throw new Problem(422, `Template ${template.id} is a serverless template; pods cannot use it`);
  }
  return template;
}

/**
 * The PATCH a pod's PATCH naming a template amounts to: the template's container settings under the body's own.
 * Mounts and create-time settings are not applied to an existing pod.
 */
export function patchFromTemplate(patch: UpdatePodRequest, template: Template): UpdatePodRequest {
  const { templateId: _templateId, ...own } = patch;
  return containerUnder(own, template);
}

/**
 * A body with the template's image, args, disk, ports, env and registry under its own settings: what the body
 * sets wins, and `env` is merged per key (the body's keys win).
 */
export function containerUnder<Body extends { env?: Record<string, string> | undefined }>(
  body: Body,
  template: Template,
): Body & Pick<Template, "image" | "args" | "disk" | "ports" | "registry" | "env"> {
  return {
    image: template.image,
    args: template.args,
    disk: template.disk,
    ports: [...template.ports],
    registry: template.registry,
    ...body,
    env: { ...template.env, ...body.env },
  };
}

/**
 * The create body a pod from this template amounts to: the template's container settings, overridden by the
 * body's own, with `env` merged per key (the body's keys win). Only a GPU pod takes the template's CUDA
 * constraint (unless the body sends a CUDA field of its own) and its persistent mount (unless the body names
 * a mount kind; `network: []` asks for no mount at all).
 */
export function podBodyFromTemplate(request: CreatePodFromTemplateRequest, template: Template): z.input<typeof createPodRequest> {
  const { templateId: _templateId, ...own } = request;
  const body: z.input<typeof createPodRequest> = {
    image: template.image,
    args: template.args,
    disk: template.disk,
    ports: [...template.ports],
    registry: template.registry,
    startSsh: template.startSsh,
    startJupyter: template.startJupyter,
    ...own,
    env: { ...template.env, ...own.env },
  };
  const { gpu, mounts } = own;
  if (gpu === undefined) return body;
  const setsCuda = gpu.allowedCudaVersions !== undefined || gpu.minCudaVersion !== undefined;
  if (!setsCuda && template.allowedCudaVersions.length > 0) {
    body.gpu = { ...gpu, allowedCudaVersions: [...template.allowedCudaVersions] };
  }
  const namesMountKind = mounts?.persistent !== undefined || mounts?.network !== undefined;
  if (!namesMountKind && template.mounts.persistent !== undefined) {
    body.mounts = { persistent: { ...template.mounts.persistent } };
  }
  return body;
}

function namesTemplate(raw: unknown): boolean {
  return typeof raw === "object" && raw !== null && "templateId" in raw;
}
