import * as fs from "node:fs";

/**
 * SIGKILLs every process whose working directory is `folder` (Linux, through /proc) and returns their ids: the
 * Automation API's process, the Pulumi engine and the provider processes it started, which the engine puts in process
 * groups of their own, so that killing one group would leave them running.
 */
export function killProcessesIn(folder: string): number[] {
  const target = fs.realpathSync(folder);
  const killed: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let cwd: string;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue; // gone, or not ours to read
    }
    if (cwd !== target) continue;
    try {
      process.kill(pid, "SIGKILL");
      killed.push(pid);
    } catch {
      // ended meanwhile
    }
  }
  return killed;
}
