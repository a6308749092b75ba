/** Which requests a fault applies to. */
export interface RequestMatch {
  /** HTTP method, case-insensitive. @default any method */
  method?: string;
  /** Exact path (without query string) or a pattern tested against it. @default any path */
  path?: string | RegExp;
}

export interface CountedRequestMatch extends RequestMatch {
  /** How many matching requests the fault applies to. @default 1 */
  count?: number;
}

/** Failures a test can inject into a running emulator. */
export interface FaultController {
  /** Puts a pod into ERROR now. Throws when no pod has that id. */
  failPod(id: string): void;
  /** The next matching requests answer `status` as a problem, before authentication and without touching state. */
  injectStatus(status: number, options?: CountedRequestMatch): void;
  /** The next `count` matching requests get their connection destroyed without an answer. */
  dropConnections(count: number, options?: RequestMatch): void;
  /**
   * The next `count` matching requests are carried out, then their connection is destroyed instead of answered:
   * the client cannot tell whether they took effect, as when a response is lost on the network.
   */
  loseResponses(count: number, options?: RequestMatch): void;
  /**
   * The next `count` matching requests are carried out and answered with their status and headers, but the
   * connection is destroyed halfway through the body.
   */
  truncateResponses(count: number, options?: RequestMatch): void;
  /** Destroys the connection of every log stream open now, mid-way, as a network drop does. */
  cutStreams(): void;
  /** Delays every request by `ms` until cleared (0 turns it off). */
  latency(ms: number): void;
  /**
   * The next `count` authenticated API requests answer 429 with `Retry-After: retryAfterSeconds`, whatever the quota
   * says; their RateLimit headers still report the real quota, which is not consumed.
   */
  rateLimitStorm(options: { count: number; retryAfterSeconds: number }): void;
  /** The next `count` authenticated API responses carry RateLimit and RateLimit-Policy headers no parser accepts. */
  malformedRateLimitHeaders(count: number): void;
  /** Removes every pending fault and the latency. Pods already in ERROR stay there. */
  clear(): void;
}

interface MatchRule extends RequestMatch {
  remaining: number;
}

export class Faults implements FaultController {
  private injectedStatuses: Array<MatchRule & { status: number }> = [];
  private drops: MatchRule[] = [];
  private lostResponses: MatchRule[] = [];
  private truncatedResponses: MatchRule[] = [];
  private storm: { remaining: number; retryAfterSeconds: number } | null = null;
  private malformedHeaders = 0;
  private readonly streamCuts = new EventTarget();
  latencyMs = 0;

  constructor(private readonly failPodNow: (id: string) => void) {}

  failPod(id: string): void {
    this.failPodNow(id);
  }

  injectStatus(status: number, options: CountedRequestMatch = {}): void {
    const { count = 1, ...match } = options;
    if (count > 0) this.injectedStatuses.push({ ...match, remaining: count, status });
  }

  dropConnections(count: number, options: RequestMatch = {}): void {
    if (count > 0) this.drops.push({ ...options, remaining: count });
  }

  loseResponses(count: number, options: RequestMatch = {}): void {
    if (count > 0) this.lostResponses.push({ ...options, remaining: count });
  }

  truncateResponses(count: number, options: RequestMatch = {}): void {
    if (count > 0) this.truncatedResponses.push({ ...options, remaining: count });
  }

  cutStreams(): void {
    this.streamCuts.dispatchEvent(new Event("cut"));
  }

  /** Calls `cut` on the next {@link cutStreams}, unless `until` aborts first. */
  onStreamCut(cut: () => void, until: AbortSignal): void {
    this.streamCuts.addEventListener("cut", cut, { once: true, signal: until });
  }

  latency(ms: number): void {
    this.latencyMs = ms;
  }

  rateLimitStorm(options: { count: number; retryAfterSeconds: number }): void {
    this.storm = { remaining: options.count, retryAfterSeconds: options.retryAfterSeconds };
  }

  malformedRateLimitHeaders(count: number): void {
    this.malformedHeaders = count;
  }

  clear(): void {
    this.injectedStatuses = [];
    this.drops = [];
    this.lostResponses = [];
    this.truncatedResponses = [];
    this.storm = null;
    this.malformedHeaders = 0;
    this.latencyMs = 0;
  }

  /** Whether this request's connection is to be dropped; counts it against the fault. */
  takeDrop(method: string, path: string): boolean {
    return take(this.drops, method, path) !== undefined;
  }

  /** Whether this request's answer is to be lost after it was carried out; counts it against the fault. */
  takeLostResponse(method: string, path: string): boolean {
    return take(this.lostResponses, method, path) !== undefined;
  }

  /** Whether this request's answer is to be cut off halfway through its body; counts it against the fault. */
  takeTruncatedResponse(method: string, path: string): boolean {
    return take(this.truncatedResponses, method, path) !== undefined;
  }

  /** The status this request is to answer with, if a fault says so; counts it against the fault. */
  takeInjectedStatus(method: string, path: string): number | undefined {
    return take(this.injectedStatuses, method, path)?.status;
  }

  /** The Retry-After of a storm this request falls into, if any. */
  takeStorm(): number | undefined {
    if (this.storm === null || this.storm.remaining <= 0) return undefined;
    this.storm.remaining -= 1;
    return this.storm.retryAfterSeconds;
  }

  takeMalformedRateLimitHeaders(): boolean {
    if (this.malformedHeaders <= 0) return false;
    this.malformedHeaders -= 1;
    return true;
  }
}

function take<Rule extends MatchRule>(rules: Rule[], method: string, path: string): Rule | undefined {
  const index = rules.findIndex((candidate) => matches(candidate, method, path));
  const rule = rules[index];
  if (rule === undefined) return undefined;
  rule.remaining -= 1;
  if (rule.remaining <= 0) rules.splice(index, 1);
  return rule;
}

function matches(match: RequestMatch, method: string, path: string): boolean {
  if (match.method !== undefined && match.method.toUpperCase() !== method) return false;
  if (match.path === undefined) return true;
  return typeof match.path === "string" ? match.path === path : match.path.test(path);
}
