/** The GPU utilization pods report in `runtime`, set by a test instead of the seeded figures. */
export interface GpuUtilizationController {
  /** Every GPU of the pod reports `percent` (0 to 100) from now on; `undefined` goes back to the seeded figures. */
  set(podId: string, percent: number | undefined): void;
}

/** The figures set per pod, and the one every other pod reports (`--gpu-utilization`), if any. */
export class GpuUtilization implements GpuUtilizationController {
  private readonly byPod = new Map<string, number>();

  constructor(private readonly everyPod?: number) {
    if (everyPod !== undefined) assertPercent(everyPod);
  }

  set(podId: string, percent: number | undefined): void {
    if (percent === undefined) {
      this.byPod.delete(podId);
      return;
    }
    assertPercent(percent);
    this.byPod.set(podId, percent);
  }

  /** What the pod's GPUs report, when a test or the command line set it. */
  of(podId: string): number | undefined {
    return this.byPod.get(podId) ?? this.everyPod;
  }
}

function assertPercent(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`GPU utilization ${percent}: a whole percentage from 0 to 100`);
}
