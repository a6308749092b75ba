/**
 * Lifetimes that fire for a manifest, through the packed package's CLI and the real Pulumi CLI against a local
 * emulator whose clock the test moves: the scenarios of lifetimeScenarios.ts. The manifest's `ttl` sets the stack's
 * TTL, whose date `computeplatform preview` shows, and `computeplatform validate` refuses bad lifetimes offline too.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { stringify } from "yaml";
import { startTestEmulator } from "../support/emulator";
import { stackCommandEnvironment } from "../support/subprocess";
import { suiteWorkDir } from "../support/workDir";
import { computeplatform, type LifetimePath, lifetimeScenarios } from "./lifetimeScenarios";

lifetimeScenarios("lifetimes fire for a manifest: computeplatform expire with the emulator's clock moved", async () => {
  const api = await startTestEmulator();
  const folder = suiteWorkDir("lifetimes");
  const lifetimes: LifetimePath = {
    api,
    folder,
    env: await stackCommandEnvironment(folder, api),
    target: "manifest.yaml",
    validates: true,
    refusal: (field, problem) => `${field}: ${problem}`,
    refusesAll: true,
    write: async ({ pods, ttl }) => {
      const resources = Object.fromEntries(pods.map((pod) => [pod.name, { type: "Pod", properties: pod }]));
      fs.writeFileSync(path.join(folder, "manifest.yaml"), stringify({ ...(ttl === undefined ? {} : { ttl }), resources }));
    },
    up: () => computeplatform(lifetimes, ["up", "manifest.yaml", "--yes"]),
    preview: () => computeplatform(lifetimes, ["preview", "manifest.yaml"]),
    ttlNotice: ({ ttl, expiresAt }) =>
      `Stack dev expires at ${expiresAt} (the manifest's ttl of ${ttl}), when \`computeplatform expire\` destroys it.\n`,
    close: () => api.emulator.close(),
  };
  return lifetimes;
});
