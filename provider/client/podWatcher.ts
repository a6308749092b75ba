import type { Pod } from "../resources/pod/inputs";
import type { Clock } from "./clock";
import { isTransient, RateLimitError, WaitTimeoutError } from "./errors";
import type { PodsClient } from "./pods";
import { budgetIntervalMs, type RateLimiter } from "./ratelimit";

/**
 * Share of each rate-limit window the poller may use, whatever the rest of the process and the user's other
 * tools spend: one list every 5 s at 60 requests a minute.
 */
export const POLLING_SHARE = 0.2;
/** Longest pause between two lists while nothing changes, in ms: the poller backs off to it. */
export const MAX_POLL_INTERVAL_MS = 10_000;

/**
 * The pause before the next list: the interval doubled for every tick in a row that saw no waited-for pod
 * change (up to `maxIntervalMs`), and never shorter than `budgetMs`, the poller's share of the quota.
 * @example pollDelayMs(3, 1000, 10_000, 5000) // 8000
 */
export function pollDelayMs(unchangedTicks: number, intervalMs: number, maxIntervalMs: number, budgetMs: number): number {
  return Math.max(budgetMs, Math.min(maxIntervalMs, intervalMs * 2 ** unchangedTicks));
}

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
  /** The deadline as the resource set it, in seconds from its start, for the timeout message. */
  timeoutSeconds: number;
  signal?: AbortSignal;
}

interface Waiter extends PodWait {
  /** The pod's status at the last tick, `gone` when it was not listed; undefined before the first tick. */
  lastSeen?: string;
  resolve: (pod: Pod | undefined) => void;
  reject: (error: unknown) => void;
}

/** How one tick went, for the pause before the next. */
interface Tick {
  /** A waited-for pod changed since the last tick. */
  changed: boolean;
  /** The least pause before the next list, in ms: the `Retry-After` of a 429 the list ended in, else 0. */
  retryAfterMs: number;
}

/**
 * Waits for pods to reach a state with one poller per client: every tick lists the pods once and settles
 * all waiters from that list. Fifty pods waited on one by one would spend a 60-a-minute quota in seconds.
 * The first list comes one interval after the first wait, since a pod just created or deleted has not moved
 * yet; while no waited-for pod changes, the pauses grow, and they never take more than {@link POLLING_SHARE}
 * of any rate-limit window. A fault that would pass (a 429 storm, a 5xx burst, dropped connections) fails no
 * waiter: the list rides it out, each 429 to its `Retry-After`, and when it outlasts a waiter's deadline, that
 * waiter fails (naming the fault) and the poller backs off, no sooner than a `Retry-After`, for the others.
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
      this.waiters.add({ ...wait, resolve, reject });
      if (!this.polling) void this.poll();
    });
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      for (let unchangedTicks = 0, retryAfterMs = 0; this.waiters.size > 0;) {
        await this.clock.sleep(Math.max(this.nextIntervalMs(unchangedTicks), retryAfterMs));
        const tick = await this.tick();
        unchangedTicks = tick.changed ? 0 : unchangedTicks + 1;
        retryAfterMs = tick.retryAfterMs;
      }
    } finally {
      this.polling = false;
    }
  }

  /** The backed-off interval, stretched to the poller's share of each rate-limit window until the last deadline. */
  private nextIntervalMs(unchangedTicks: number): number {
    const horizonMs = Math.max(0, ...[...this.waiters].map((waiter) => waiter.deadline - this.clock.now()));
    const budgetMs = budgetIntervalMs(this.limiter.snapshot(), POLLING_SHARE, horizonMs);
    return pollDelayMs(unchangedTicks, this.intervalMs, Math.max(this.intervalMs, MAX_POLL_INTERVAL_MS), budgetMs);
  }

  /**
   * Lists the pods once and settles every waiter it can. The list rides out faults that would pass until the
   * soonest deadline of a waiter, and no longer: that waiter fails at its deadline.
   */
  private async tick(): Promise<Tick> {
    let byId: Map<string, Pod>;
    try {
      const deadline = Math.min(...[...this.waiters].map((waiter) => waiter.deadline));
      byId = new Map((await this.pods.list({ includeClusterPods: true, deadline })).map((pod) => [pod.id, pod]));
    } catch (error) {
      if (!isTransient(error)) {
        this.settleAll((waiter) => waiter.reject(error));
        return { changed: false, retryAfterMs: 0 };
      }
      this.settleAll((waiter) => this.keepWaiting(waiter, error));
      return { changed: false, retryAfterMs: error instanceof RateLimitError ? (error.retryAfterSeconds ?? 0) * 1000 : 0 };
    }
    const now = this.clock.now();
    let changed = false;
    this.settleAll((waiter) => {
      if (waiter.signal?.aborted) return waiter.reject(waiter.signal.reason);
      const pod = byId.get(waiter.id);
      const seen = pod?.status ?? "gone";
      if (waiter.lastSeen !== undefined && waiter.lastSeen !== seen) changed = true;
      waiter.lastSeen = seen;
      if (waiter.until(pod)) return waiter.resolve(pod);
      if (now >= waiter.deadline) {
        return waiter.reject(new WaitTimeoutError(`pod ${waiter.id}`, waiter.wanted, pod?.status ?? "gone", waiter.timeoutSeconds));
      }
      return "pending";
    });
    return { changed, retryAfterMs: 0 };
  }

  /** After a list failed for a fault that would pass: the waiter waits on, unless aborted or at its deadline. */
  private keepWaiting(waiter: Waiter, fault: Error): void | "pending" {
    if (waiter.signal?.aborted) return waiter.reject(waiter.signal.reason);
    if (this.clock.now() < waiter.deadline) return "pending";
    const lastSeen = waiter.lastSeen ?? "not listed yet";
    return waiter.reject(new WaitTimeoutError(`pod ${waiter.id}`, waiter.wanted, lastSeen, waiter.timeoutSeconds, fault));
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
