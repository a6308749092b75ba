import type { Pod } from "../schemas/pod";
import type { Clock } from "./clock";
import { WaitTimeoutError } from "./errors";
import type { PodsClient } from "./pods";
import { budgetIntervalMs, type RateLimiter } from "./ratelimit";

/** Share of each rate-limit window the poller may use; the rest stays with creates, updates and deletes. */
const POLLING_SHARE = 0.5;

/** What a waiter wants to see. */
export interface PodWait {
  /** Pod id to watch. */
  id: string;
  /** Human-readable target, for timeout messages, for example `RUNNING` or `gone`. */
  wanted: string;
  /** True once the pod (undefined when it is gone) is as wanted; throw to fail the wait. */
  until: (pod: Pod | undefined) => boolean;
  /** Milliseconds since the epoch after which the wait fails. */
  deadline: number;
  signal?: AbortSignal;
}

interface Waiter extends PodWait {
  startedAt: number;
  resolve: (pod: Pod | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Waits for pods to reach a state with one poller per client: every tick lists the pods once and settles
 * all waiters from that list. Fifty pods waited on one by one would spend a 60-a-minute quota in seconds.
 */
export class PodWatcher {
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    private readonly pods: PodsClient,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly limiter: RateLimiter,
  ) {}

  /** Resolves with the pod once `until` holds (undefined when the pod is gone). */
  waitFor(wait: PodWait): Promise<Pod | undefined> {
    return new Promise((resolve, reject) => {
      this.waiters.add({ ...wait, startedAt: this.clock.now(), resolve, reject });
      if (!this.polling) void this.poll();
    });
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        await this.tick();
        if (this.waiters.size > 0) await this.clock.sleep(this.nextIntervalMs());
      }
    } finally {
      this.polling = false;
    }
  }

  /** The configured interval, stretched when the quota left could not sustain it until the last deadline. */
  private nextIntervalMs(): number {
    const horizonMs = Math.max(0, ...[...this.waiters].map((waiter) => waiter.deadline - this.clock.now()));
    return Math.max(this.intervalMs, budgetIntervalMs(this.limiter.snapshot(), POLLING_SHARE, horizonMs));
  }

  private async tick(): Promise<void> {
    let byId: Map<string, Pod>;
    try {
      byId = new Map((await this.pods.list({ includeClusterPods: true })).map((pod) => [pod.id, pod]));
    } catch (error) {
      // The transport already retried what was retryable; the failure belongs to every waiter.
      this.settleAll((waiter) => waiter.reject(error));
      return;
    }
    const now = this.clock.now();
    this.settleAll((waiter) => {
      if (waiter.signal?.aborted) return waiter.reject(waiter.signal.reason);
      const pod = byId.get(waiter.id);
      if (waiter.until(pod)) return waiter.resolve(pod);
      if (now >= waiter.deadline) {
        const timeoutSeconds = Math.round((waiter.deadline - waiter.startedAt) / 1000);
        return waiter.reject(new WaitTimeoutError(`pod ${waiter.id}`, waiter.wanted, pod?.status ?? "gone", timeoutSeconds));
      }
      return "pending";
    });
  }

  /** Runs `settle` for each waiter and drops those it settled (anything but "pending"); a throw rejects. */
  private settleAll(settle: (waiter: Waiter) => void | "pending"): void {
    for (const waiter of [...this.waiters]) {
      try {
        if (settle(waiter) === "pending") continue;
      } catch (error) {
        waiter.reject(error);
      }
      this.waiters.delete(waiter);
    }
  }
}
