/** The hosted text-to-video model: the spec's input table, its price, and the answer it gives. */

export const USD_PER_GENERATED_SECOND = 0.15;
/** How long a generated file's URL stays valid. */
export const OUTPUT_URL_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const CHOICES = {
  style: ["general", "anime"],
  resolution: ["540p", "720p", "1080p"],
  aspect_ratio: ["16:9", "9:16", "4:3", "3:4", "1:1"],
  movement_amplitude: ["auto", "small", "medium", "large"],
} as const;

export interface TextToVideoInput {
  prompt: string;
  style: (typeof CHOICES.style)[number];
  resolution: (typeof CHOICES.resolution)[number];
  duration: number;
  aspect_ratio: (typeof CHOICES.aspect_ratio)[number];
  movement_amplitude: (typeof CHOICES.movement_amplitude)[number];
  generate_audio: boolean;
  bgm: boolean;
  seed: number;
}

const DEFAULTS: Omit<TextToVideoInput, "prompt"> = {
  style: "general",
  resolution: "720p",
  duration: 5,
  aspect_ratio: "4:3",
  movement_amplitude: "auto",
  generate_audio: true,
  bgm: true,
  seed: -1,
};

/** The input with its defaults, or the first failure as the job's error, naming the field. */
export function readTextToVideoInput(raw: Record<string, unknown>): TextToVideoInput | { error: string } {
  const input: Record<string, unknown> = { ...DEFAULTS, ...raw };
  const unknown = Object.keys(raw).filter((key) => key !== "prompt" && !(key in DEFAULTS));
  if (unknown.length > 0) return { error: `input.${unknown[0]} is not an input of the text-to-video model` };
  if (typeof input.prompt !== "string" || input.prompt.trim() === "") return { error: "input.prompt is required" };
  for (const [field, allowed] of Object.entries(CHOICES)) {
    if (!(allowed as readonly unknown[]).includes(input[field])) return { error: `input.${field} must be one of ${allowed.join(", ")}` };
  }
  const { duration, seed } = input;
  if (typeof duration !== "number" || !Number.isInteger(duration) || duration < 1 || duration > 16) {
    return { error: "input.duration must be an integer from 1 to 16" };
  }
  for (const field of ["generate_audio", "bgm"] as const) {
    if (typeof input[field] !== "boolean") return { error: `input.${field} must be a boolean` };
  }
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < -1) return { error: "input.seed must be an integer, -1 for random" };
  return input as unknown as TextToVideoInput;
}

/** Cost in USD of a video of `duration` seconds, exact to the cent. */
export function textToVideoCost(duration: number): number {
  return Math.round(duration * USD_PER_GENERATED_SECOND * 100) / 100;
}

/** The model's output: where the video is (valid for 7 days from completion) and what it cost. */
export function textToVideoOutput(
  jobId: string,
  input: TextToVideoInput,
  completedAt: number,
  fileBaseUrl: string,
): { video_url: string; cost: number } {
  const expires = new Date(completedAt + OUTPUT_URL_LIFETIME_MS).toISOString();
  return {
    video_url: `${fileBaseUrl}/files/${jobId}.mp4?expires=${encodeURIComponent(expires)}`,
    cost: textToVideoCost(input.duration),
  };
}
