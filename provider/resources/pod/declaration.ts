import { type CheckedPodInputs, type CreatePodRequest, type Pod, type PodInputs, podInputsSchema, type UpdatePodRequest } from "./inputs";
import { isEmptyList, isPlainObject, withoutEmptyList } from "../../values/plainValues";
import { unlessNotFound } from "../unlessNotFound";
import { createOnly, declaration, type Fields, inPlace, inPlaceUnless, replaces, replacesWhen } from "../lifecycle/declaration";
import { sameValue } from "../../values/sameValue";
import { COST_OUTPUTS, type CostEstimate } from "../../cost/costEstimate";
import { placedOutside, placedOutsideCases } from "../dataCenters";
import { placementDefaults } from "../../placement/placementInputs";
import { acceptableConfigurations, isAcceptable } from "../../placement/candidates";
import { podReadiness } from "./converge";
import { createRequest, sameCreateRequest } from "./createRequest";
import { gpuPlacement } from "./gpuPlacement";
import { comparableMounts, declaresMounts, mountsNeedReplacement } from "./mounts";
import { podInputsFromLive, type PodOutputs, podOutputs, userEnv } from "./outputs";
import { madeWithTemplate, recordedTemplateSettings, withTemplateSettings } from "./templateSettings";
import type { LifetimeOutputs } from "../lifetime/lifetimeOutputs";
import { containerSettingsFields, withContainerDefaults } from "../container/containerSettings";

// The order is that of the diff's lists. An argument left unset (on a pod made from a template) keeps the pod's value.
const fields = {
  name: inPlace(),
  ...containerSettingsFields,
  // The service injects keys (PUBLIC_KEY, JUPYTER_PASSWORD) and the template gives some: only the program's are compared.
  env: {
    ...containerSettingsFields.env,
    changed: (olds: PodOutputs, news: CheckedPodInputs) => !sameValue(userEnv(olds.env, news.env, olds.inheritedEnvKeys), news.env),
  },
  locked: inPlace({ default: false }),
  globalNetworking: inPlace({
    default: false,
    changed: (olds: PodOutputs, news: CheckedPodInputs) => !sameValue(olds.globalNetworking.enabled, news.globalNetworking),
  }),
  // Another template is applied in place; dropping it leaves the pod's settings and makes env wholly the program's.
  templateId: inPlace({ changed: (olds: PodOutputs, news: CheckedPodInputs) => olds.templateId !== news.templateId }),
  // The pod may run any acceptable configuration: `gpu` or one of `placement`'s alternatives.
  gpu: replacesWhen(
    (olds: PodOutputs, news: CheckedPodInputs) =>
      switchesFamily(olds, news) ? news.gpu !== undefined : news.gpu !== undefined && !runsAcceptableGpu(olds, news),
    {
      within: { count: 1 },
      cases:
        "the GPUs the pod runs are no longer acceptable (neither `gpu` nor one of `placement`'s alternatives, or other CUDA constraints), or it moves from CPU to GPU",
    },
  ),
  // Read when the pod is created; a change replaces it only through `gpu`'s rule, when what it runs is no longer acceptable.
  placement: createOnly({ within: placementDefaults }),
  cpu: replacesWhen(
    (olds: PodOutputs, news: CheckedPodInputs) =>
      switchesFamily(olds, news)
        ? news.gpu === undefined
        : news.gpu === undefined && news.cpu !== undefined && !sameValue(olds.cpu, news.cpu),
    { cases: "the CPU configuration differs from the one the pod runs, or it moves from GPU to CPU" },
  ),
  cloud: replaces({ default: "SECURE" }),
  mounts: inPlaceUnless(
    (olds: PodOutputs, news: CheckedPodInputs) => declaresMounts(news) && mountsNeedReplacement(olds.mounts, news.mounts),
    {
      cases: "the mount changes kind or network volume, or a persistent mount shrinks",
      changed: (olds: PodOutputs, news: CheckedPodInputs) =>
        declaresMounts(news) && !sameValue(comparableMounts(olds.mounts), comparableMounts(news.mounts)),
    },
  ),
  startSsh: replaces(),
  startJupyter: replaces(),
  dataCenterIds: replacesWhen((olds: PodOutputs, news: CheckedPodInputs) => placedOutside(news.dataCenterIds, olds.dataCenterId), {
    unreported: true,
    cases: placedOutsideCases,
  }),
  desiredStatus: inPlace({
    default: "RUNNING",
    changed: (olds: PodOutputs, news: CheckedPodInputs) => !sameValue(observedPowerState(olds), news.desiredStatus),
  }),
  readyTimeoutSeconds: inPlace({ default: 600 }),
  adopt: createOnly(),
  maxHourlyPrice: createOnly(),
  // A change renews it (the lifetime wrapper records and enforces it); it is never sent to the API.
  lifetime: inPlace(),
} as const satisfies Fields<PodInputs>;

/** `Pod`: fields the API cannot change in place replace it; env, mounts and a template's settings are compared as the pod runs them. */
export const pod = declaration<
  PodInputs,
  typeof fields,
  Pod,
  PodOutputs & Partial<CostEstimate> & LifetimeOutputs,
  CreatePodRequest,
  UpdatePodRequest
>()({
  type: "Pod",
  what: "pod",
  autoNamed: true,
  noun: "pod",
  importable: true,
  fields,
  schema: podInputsSchema,
  deadline: "readyTimeoutSeconds",
  outputs: [
    "name",
    "status",
    "actions",
    "image",
    "args",
    "disk",
    "mounts",
    "gpu",
    "cpu",
    "cloud",
    "dataCenterId",
    "cudaVersion",
    "ssh",
    "template",
    "cost",
    "locked",
    "globalNetworking",
    "env",
    "ports",
    "registry",
    "createdAt",
    "startedAt",
    "desiredStatus",
    ...COST_OUTPUTS,
    "lifetime",
    "expiresAt",
    "lifetimeState",
  ],
  api: (client) => client.pods,
  // A terminated pod is gone: the service lists it for a while after its delete.
  find: async (client, id) => {
    const live = await unlessNotFound(() => client.pods.get(id));
    return live?.status === "TERMINATED" ? undefined : live;
  },
  createRequest,
  placement: gpuPlacement,
  readiness: podReadiness,
  podsOf: async (_client, id) => [id],
  madeWith: madeWithTemplate,
  // The env keys recorded as the template's stand while the template does; at create they are found anew.
  outputsOf: (live, recorded, previous) =>
    podOutputs(
      live,
      recorded as unknown as CheckedPodInputs,
      previous !== undefined && previous.templateId === recorded.templateId ? previous.inheritedEnvKeys : undefined,
    ),
  inputsOf: podInputsFromLive,
  // A create on any acceptable configuration, so that an interrupted one is found again whichever it was.
  madeBy: (live, inputs) => onCandidates(inputs).some((candidate) => sameCreateRequest(live, createRequest(candidate))),
  unsetKeepsLive: true,
  dependentDefaults: (inputs) => withTemplateDependentDefaults(inputs),
  // On a pod made from a template, the create-only settings the arguments leave out are those the pod got from it.
  effective: (olds, news) =>
    news.templateId !== undefined && news.templateId === olds.templateId
      ? withTemplateSettings(news, recordedTemplateSettings(olds))
      : news,
  transition(olds, news) {
    const oldSize = olds?.mounts?.persistent?.size;
    const newSize = news?.mounts?.persistent?.size;
    if (typeof oldSize !== "number" || typeof newSize !== "number" || newSize >= oldSize) return [];
    return [
      { property: "mounts.persistent.size", reason: `cannot shrink from ${oldSize} to ${newSize} GB: a persistent mount only grows` },
    ];
  },
});

/**
 * The defaults that depend on a template: on a pod made from one, they are the template's, which the service fills
 * in. Runs on inputs that may still hold unknown preview values, so it only fills what is absent and never inspects
 * what is present. An empty `network` list means no network mount, which is how the API sees it at create; it is
 * kept only on a pod made from a template.
 */
function withTemplateDependentDefaults(inputs: CheckedPodInputs): CheckedPodInputs {
  const { mounts, gpu, ...checked } = withoutEmptyList(inputs, "dataCenterIds");
  const fromTemplate = inputs.templateId !== undefined;
  const completed: CheckedPodInputs = fromTemplate
    ? checked
    : { ...withContainerDefaults(checked, ["disk"]), startSsh: checked.startSsh ?? false, startJupyter: checked.startJupyter ?? false };
  if (gpu !== undefined) completed.gpu = gpu;
  // On a pod made from a template, an empty `network` list is how it declines the template's persistent mount.
  if (mounts !== undefined) {
    const normalised =
      !fromTemplate && isPlainObject(mounts) && isEmptyList(mounts.network) ? (({ network: _empty, ...others }) => others)(mounts) : mounts;
    if (!isPlainObject(normalised) || Object.keys(normalised).length > 0) completed.mounts = normalised;
  }
  return completed;
}

/** The arguments once per acceptable GPU configuration, `gpu` first: what a create may have sent. */
function onCandidates(inputs: CheckedPodInputs): CheckedPodInputs[] {
  const { placement, ...rest } = inputs;
  if (rest.gpu === undefined) return [rest];
  const gpu = rest.gpu;
  return acceptableConfigurations(gpu, placement).map(({ id, count }) => ({ ...rest, gpu: { ...gpu, id, count } }));
}

/** Whether the pod goes from GPU to CPU or back, which only a new pod can do. */
function switchesFamily(olds: PodOutputs, news: CheckedPodInputs): boolean {
  return (olds.gpu === undefined) !== (news.gpu === undefined) || (olds.cpu === undefined) !== (news.cpu === undefined);
}

/** Whether the GPUs the pod runs are still acceptable: `gpu` or an alternative, with the same CUDA constraints. */
function runsAcceptableGpu(olds: PodOutputs, news: CheckedPodInputs): boolean {
  if (olds.gpu === undefined || !isPlainObject(news.gpu)) return sameValue(comparableGpu(olds.gpu), comparableGpu(news.gpu));
  const cudaOf = (gpu: CheckedPodInputs["gpu"]) =>
    (({ id: _id, count: _count, ...cuda }) => cuda)(comparableGpu(gpu) as { id: string; count: number });
  const placement = isPlainObject(news.placement) ? news.placement : undefined;
  return sameValue(cudaOf(olds.gpu), cudaOf(news.gpu)) && isAcceptable(olds.gpu, news.gpu, placement);
}

function comparableGpu(gpu: CheckedPodInputs["gpu"] | PodOutputs["gpu"]): object | undefined {
  if (!gpu) return undefined;
  const { id, count, allowedCudaVersions, minCudaVersion } = gpu as NonNullable<CheckedPodInputs["gpu"]>;
  return { id, count, allowedCudaVersions, minCudaVersion };
}

/**
 * The power state the pod was last seen in: RUNNING, EXITED or ERROR when it had settled there (a refresh
 * may have seen it stopped, started or failed behind the stack's back), else the state it was heading for.
 */
function observedPowerState(olds: PodOutputs): string {
  return olds.status === "RUNNING" || olds.status === "EXITED" || olds.status === "ERROR" ? olds.status : olds.desiredStatus;
}
