import type { Operation } from "../http/operation";
import { createPod } from "./createPod";
import { deletePod } from "./deletePod";
import { getPod } from "./getPod";
import { getPodLogs } from "./getPodLogs";
import { listPods } from "./listPods";
import { podAction } from "./podAction";
import { updatePod } from "./updatePod";

/** Every operation on `/v2/pods`, one file each, in the order the OpenAPI description lists them. */
export const POD_OPERATIONS: readonly Operation[] = [listPods, createPod, getPod, updatePod, deletePod, podAction, getPodLogs];
