import * as fs from "node:fs";

/** The ids of the processes (but this one) whose working directory is `folder`, read through /proc (Linux). */
function pidsIn(folder: string): number[] {
  const target = fs.realpathSync(folder);
  return fs.readdirSync("/proc").flatMap((entry) => {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) return [];
    try {
      return fs.readlinkSync(`/proc/${pid}/cwd`) === target ? [pid] : [];
    } catch {
      return []; // gone, or not ours to read
    }
  });
}

/**
 * SIGKILLs every process whose working directory is `folder` and returns their ids: the Automation API's process,
 * the Pulumi engine and the provider processes it started, which the engine puts in process groups of their own, so
 * that killing one group would leave them running.
 */
export function killProcessesIn(folder: string): number[] {
  return pidsIn(folder).filter((pid) => {
    try {
      process.kill(pid, "SIGKILL");
      return true;
    } catch {
      return false; // ended meanwhile
    }
  });
}

/** The processes whose working directory is `folder`, as `pid command` lines: what a run left behind. */
export function processesIn(folder: string): string[] {
  return pidsIn(folder).flatMap((pid) => {
    try {
      return [`${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`];
    } catch {
      return []; // ended meanwhile
    }
  });
}
