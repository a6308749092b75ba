/**
 * examples/text-to-video through the real Pulumi CLI: the video is generated and costs what was estimated, a
 * preview right after shows no changes, a longer duration generates a new video, destroy forgets the job.
 * The job is history rather than a resource of the emulator: what state records is the job as the job API
 * reports it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary, type StackDriver } from "../../automation";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { closeTestStack, openTestStack } from "../support/stack";
import { expectProvidersRequired, stateResources } from "../support/state";
import { exampleProgram, suiteWorkDir } from "../support/workDir";

describe("examples/text-to-video", () => {
  let api: TestEmulator;
  let stack: StackDriver;

  beforeAll(async () => {
    api = await startTestEmulator();
    const workDir = suiteWorkDir("text-to-video");
    stack = await openTestStack({
      program: exampleProgram(workDir, "text-to-video"),
      stackName: "e2e",
      projectName: "text-to-video",
      workDir,
      config: api.stackConfig,
    });
  });

  afterAll(() => closeTestStack(stack, api?.emulator));

  /** The job the stack records, as the job API reports it now. */
  async function recordedJob(): Promise<{ id: string; live: any }> {
    const [job] = stateResources(await stack.exportState(), "TextToVideoJob");
    const answer = await api.request("GET", `/v2/text-to-video/status/${job?.id}`);
    return { id: job?.id ?? "", live: await answer.json() };
  }

  it("up generates the video; it costs what was estimated", async () => {
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ create: 2 });
    expect(result.outputs.estimatedCost?.value).toBe(0.75);
    expect(result.outputs.cost?.value).toBe(0.75);
    expect(result.outputs.seconds?.value).toBe(5);
    const { id, live } = await recordedJob();
    expect(live.status).toBe("COMPLETED");
    expect(result.outputs.videoUrl?.value).toBe(live.output.video_url);
    expect(live.output.video_url).toMatch(new RegExp(`^${api.emulator.url}/files/${id}\\.mp4\\?expires=`));
    expectProvidersRequired(await stack.exportState(), ["TextToVideoJob"]);
  });

  it("preview right after up shows no changes", async () => {
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
  });

  it("a longer duration generates a new video at its new price", async () => {
    const before = (await recordedJob()).id;
    await stack.setConfig({ "text-to-video:duration": { value: "10" } });
    const result = await stack.up();
    expect(changeSummary(result)).toEqual({ same: 1, replace: 1 });
    expect([result.outputs.estimatedCost?.value, result.outputs.cost?.value]).toEqual([1.5, 1.5]);
    const after = await recordedJob();
    expect(after.id).not.toBe(before);
    expect(after.live.executionTime).toBe(2000);
    expect(changeSummary(await stack.preview())).toEqual({ same: 2 });
  });

  it("destroy forgets the job", async () => {
    expect(changeSummary(await stack.destroy())).toEqual({ delete: 2 });
    expect(stateResources(await stack.exportState(), "TextToVideoJob")).toEqual([]);
  });
});
