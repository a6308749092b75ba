import { Faults } from "./http/faults";
import { Lifecycle } from "./pods/lifecycle";
import type { ResolvedOptions } from "./options";
import { LiveStock } from "./placement/liveStock";
import { releaseStock } from "./pods/podStock";
import { renderPod } from "./pods/podView";
import { GpuUtilization } from "./pods/gpuUtilization";
import { type CollectionName, type PodRecord, Store } from "./store";
import type { Pod } from "./wire";

/** What route handlers share: the state, the clock and the configured behaviour. */
export interface EmulatorContext {
  readonly options: ResolvedOptions;
  readonly store: Store;
  readonly lifecycle: Lifecycle;
  readonly faults: Faults;
  /** Idle stock: what creates take and stops and deletes give back. */
  readonly stock: LiveStock;
  /** The GPU utilization pods report, where a test or the command line set it. */
  readonly gpuUtilization: GpuUtilization;
  /** Aborted when the emulator closes; ends waits and open log streams. */
  readonly shutdown: AbortSignal;
  now(): number;
  /** The pod as the API renders it at this moment. */
  present(pod: PodRecord): Pod;
  /** Removes a pod for good (terminate and DELETE), giving back its stock; billing keeps what it used. */
  remove(pod: PodRecord): void;
}

/** @param collections - every kind's collection, as the kinds list names them */
export function createContext(options: ResolvedOptions, shutdown: AbortSignal, collections: readonly CollectionName[]): EmulatorContext {
  const store = new Store(collections);
  const lifecycle = new Lifecycle(options.timings, options.failPodsNamed);
  const now = options.clock;
  const faults = new Faults((id) => {
    const pod = store.findPod(id);
    if (pod === undefined) throw new Error(`No pod ${id} to fail`);
    lifecycle.fail(pod, now());
  });
  const stock = new LiveStock(now, options.gpuStock);
  const gpuUtilization = new GpuUtilization(options.gpuUtilization);
  return {
    options,
    store,
    lifecycle,
    faults,
    stock,
    gpuUtilization,
    shutdown,
    now,
    present(pod) {
      const at = now();
      return renderPod(pod, lifecycle.observe(pod, at), at, gpuUtilization.of(pod.id));
    },
    remove(pod) {
      releaseStock(stock, pod);
      const account = store.account(pod.account);
      account.pods.delete(pod.id);
      account.retired("pods").push({ record: pod, removedAt: now() });
    },
  };
}
