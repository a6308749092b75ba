/** Which locks an interrupted run left: read against real processes of this machine (Linux, through /proc). */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { isStale, type StackLock } from "../../automation/stackLock";

const lockOf = (pid: number, hostname = os.hostname()): StackLock => ({
  pid,
  hostname,
  username: "dev",
  timestamp: "2026-11-28T22:00:00Z",
});

const stateOf = (pid: number): string | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return undefined;
  }
};

describe("isStale", () => {
  // The shell forks a child that ends only once the shell has become `sleep` (a subshell's `$$` is its parent's pid),
  // so the shell cannot reap it first, and `sleep` never does: it stays a zombie, as a killed engine does under a
  // container's first process that reaps nothing.
  let parent: ChildProcess;
  let zombie: number;

  beforeAll(async () => {
    parent = spawn("sh", ["-c", 'until [ "$(cat /proc/$$/comm)" = sleep ]; do sleep 0.01; done & echo $!; exec sleep 60'], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    zombie = Number(await new Promise<string>((resolve) => parent.stdout?.once("data", (chunk) => resolve(String(chunk)))));
    await vi.waitFor(() => expect(stateOf(zombie)).toBe("Z"), { timeout: 60_000 });
  });

  afterAll(() => parent?.kill("SIGKILL"));

  test.each([
    { lock: "held by a running process of this host", pid: () => parent.pid ?? 0, hostname: undefined, stale: false },
    { lock: "held by a process of this host that ended but was not reaped", pid: () => zombie, hostname: undefined, stale: true },
    { lock: "held by a process id that no longer exists", pid: () => 2 ** 22 + 1, hostname: undefined, stale: true },
    { lock: "taken on another host, whatever its pid", pid: () => zombie, hostname: "elsewhere", stale: false },
  ])("a lock $lock: stale is $stale", ({ pid, hostname, stale }) => {
    expect(isStale(lockOf(pid(), hostname))).toBe(stale);
  });
});
