import type { EmulatorKind, KindSnapshot } from "../kind";
import type { Pod } from "../wire";
import { pods } from "./openapi";
import { POD_OPERATIONS } from "./operations";

/** Every pod, cluster members included. */
const snapshot: KindSnapshot<"pods", Pod[]> = {
  key: "pods",
  show: (context) => context.store.allAccounts().flatMap((account) => [...account.pods.values()].map((pod) => context.present(pod))),
};

/** Pods: GPU or CPU containers with their lifecycle, logs and actions. */
export const podKind = { collection: "pods", operations: POD_OPERATIONS, openapi: pods, snapshot } satisfies EmulatorKind;
