import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/** A lock that an update holds on a stack of a file backend (`.pulumi/locks/<org>/<project>/<stack>/<id>.json`). */
export interface StackLock {
  pid: number;
  username: string;
  hostname: string;
  timestamp: string;
}

/** The locks held on the stack, on a `file://` backend; none on other backends, whose service keeps them. */
export function stackLocks(backendUrl: string, projectName: string, stackName: string): StackLock[] {
  if (!backendUrl.startsWith("file://")) return [];
  const locksDir = path.join(fileURLToPath(backendUrl), ".pulumi", "locks");
  if (!fs.existsSync(locksDir)) return [];
  const stack = stackName.split("/").at(-1) ?? stackName;
  return fs.readdirSync(locksDir).flatMap((org) => {
    const dir = path.join(locksDir, org, projectName, stack);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as StackLock);
  });
}

/**
 * Whether no process holds the lock any more: it was taken on this host by a process that is gone, as when a
 * deployment was killed. A lock from another host, or whose process id is running (perhaps reused), is not.
 */
export function isStale(lock: StackLock): boolean {
  if (lock.hostname !== os.hostname()) return false;
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  return isZombie(lock.pid);
}

/**
 * Whether the process has ended but was not reaped. A killed engine whose parent died too is reparented to the
 * container's first process, and where that process reaps nothing (a container started without an init), it stays
 * a zombie that still answers signal 0.
 */
function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false; // no /proc (not Linux), or the process is not ours to read
  }
  // `pid (comm) state …`, where comm may itself hold spaces and parentheses.
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state === "Z" || state === "X";
}

/** What to tell the user about a lock that is not stale. */
export function heldLockMessage(stackName: string, locks: readonly StackLock[]): string {
  const holders = locks.map((lock) => `pid ${lock.pid} of ${lock.username} on ${lock.hostname} since ${lock.timestamp}`);
  return (
    `stack ${stackName} is locked by an update that is still running (${holders.join("; ")}). Wait for it to end; ` +
    `if no update is running, \`pulumi cancel --stack ${stackName}\` releases the lock.`
  );
}
