// What the engine says, as the stack commands print it: providers' messages about a resource reach the progress one
// line each, and a failure is said once, in the package's words.
import { describe, expect, it } from "vitest";
import { diagnosticLines } from "../../automation/progress";
import { engineErrors } from "../../automation/summary";

describe("diagnosticLines", () => {
  it.each([
    ["warning", "  a warning of the engine\n", ["warning: a warning of the engine"]],
    ["error", "error: it failed\n", []],
    [
      "info#err",
      'warning: pod "trainer": short of capacity right now: 1 x NVIDIA H100 80GB HBM3: NONE in US-CA-2\n',
      ['warning: pod "trainer": short of capacity right now: 1 x NVIDIA H100 80GB HBM3: NONE in US-CA-2'],
    ],
    [
      "info#err",
      'pod "trainer": waiting for capacity: 1 x NVIDIA A100 80GB PCIe: NONE in US-TX-3; next check in 15 s\n',
      ['pod "trainer": waiting for capacity: 1 x NVIDIA A100 80GB PCIe: NONE in US-TX-3; next check in 15 s'],
    ],
    ["info", 'serverless endpoint "api": settled\ncluster "c": ready\n', ['serverless endpoint "api": settled', 'cluster "c": ready']],
    ["info#err", "(node:123) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.\n", []],
    ["info#err", "Error: boom\n    at check (/x/pod.provider.js:1:1)\n", []],
    ["debug", 'pod "trainer": waiting for capacity: …\n', []],
  ])("%s %j: %j", (severity, message, lines) => {
    expect(diagnosticLines(severity, message)).toEqual(lines);
  });
});

describe("engineErrors", () => {
  const automationMessage = (lines: string[]) =>
    ["code: 255", "stdout: ", ...lines, "", "stderr: ", ...lines.filter((line) => line.startsWith("error:")), ""].join("\n");

  it("says each error once, without the closing 'update failed'", () => {
    const message = automationMessage([
      "Updating (dev):",
      '    error: pod "trainer" did not become RUNNING: it went to ERROR. It was deleted; nothing was left behind.',
      "error: update failed",
    ]);
    expect(engineErrors(message)).toEqual([
      'pod "trainer" did not become RUNNING: it went to ERROR. It was deleted; nothing was left behind.',
    ]);
  });

  it("names a failed check's resource and property, without the engine's wrapper", () => {
    const message = automationMessage([
      "  error: pulumi-nodejs:dynamic/computeplatform:Pod resource 'trainer': property placement value {map[alternatives:{[]}]} has a problem: no acceptable GPU configuration is offered: 1 x A: not offered (see gpu and placement)",
      "error: preview failed",
    ]);
    expect(engineErrors(message)).toEqual([
      "Pod trainer: placement: no acceptable GPU configuration is offered: 1 x A: not offered (see gpu and placement)",
    ]);
  });

  it("says the message's last line when the engine wrote no error", () => {
    expect(engineErrors("code: -2\nstdout: \nstderr: \nerr?: Error: spawn pulumi ENOENT\n")).toEqual(["err?: Error: spawn pulumi ENOENT"]);
  });

  it("keeps the closing line when it is the only error", () => {
    expect(engineErrors(automationMessage(["error: update failed"]))).toEqual(["update failed"]);
  });
});
