/**
 * gpu-fallback: a training pod that runs on whichever acceptable GPU configuration has capacity.
 *
 * `gpu` asks for one H100; `placement` also accepts one A100 80GB or two L40S, and `order: "cheapest"` tries all
 * three by list price. The create reads the catalog's availability once, skips what is sold out in every data
 * center, moves to the next configuration at once when the service answers that it has no instances, and when
 * all are short waits for capacity within `readyTimeoutSeconds`, saying so in the engine's log. The configuration
 * chosen is the `gpu` output; a later `up` keeps the pod on it as long as it stays acceptable.
 *
 * Stack outputs: `gpu` (the configuration chosen) and `costPerHour` (what the pod costs, as the service reports it).
 *
 * Optional stack config, with its default:
 *   readyTimeoutSeconds  1800   how long to wait for capacity and for the pod to run, in seconds
 */
import * as pulumi from "@pulumi/pulumi";
import * as cp from "pulumi-computeplatform";

const config = new pulumi.Config();

const trainer = new cp.Pod("trainer", {
  name: "trainer",
  image: "org/trainer:1.2",
  args: "python train.py --checkpoint-dir /workspace/checkpoints",
  gpu: { id: "NVIDIA H100 80GB HBM3" },
  placement: {
    alternatives: [{ id: "NVIDIA A100 80GB PCIe" }, { id: "NVIDIA L40S", count: 2 }],
    order: "cheapest",
  },
  readyTimeoutSeconds: config.getNumber("readyTimeoutSeconds") ?? 1800,
});

export const gpu = trainer.gpu;
export const costPerHour = trainer.cost;
