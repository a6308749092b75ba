import type { CheckedPodInputs, CreatePodRequest, Pod } from "./inputs";
import { sameValue } from "../../values/sameValue";
import { comparableMounts } from "./mounts";
import { withoutSteering } from "../lifecycle/createRequest";

/** The body of `POST /v2/pods` for these arguments: the power state and the lock are set once it exists (see `converge`). */
export function createRequest(inputs: CheckedPodInputs): CreatePodRequest {
  const { desiredStatus: _desired, locked: _locked, ...body } = withoutSteering(inputs);
  return body;
}

/** Whether a listed pod looks like the one `request` creates; used to find a create whose answer was lost. */
export function sameCreateRequest(pod: Pod, request: CreatePodRequest): boolean {
  return (
    pod.name === request.name &&
    (request.image === undefined || pod.image === request.image) &&
    pod.template === (request.templateId ?? null) &&
    pod.cloud === request.cloud &&
    pod.gpu?.id === request.gpu?.id &&
    pod.cpu?.id === request.cpu?.id &&
    (request.mounts === undefined && request.templateId !== undefined
      ? true
      : sameValue(comparableMounts(pod.mounts), comparableMounts(request.mounts)))
  );
}
