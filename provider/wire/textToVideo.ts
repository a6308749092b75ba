import { z } from "zod";

/** The hosted text-to-video model's price: USD per generated second. */
export const TEXT_TO_VIDEO_USD_PER_SECOND = 0.15;

/** The endpoint id under which the hosted text-to-video model answers by default (also the emulator's). */
export const TEXT_TO_VIDEO_ENDPOINT_ID = "text-to-video";

/** Input of the hosted text-to-video model. */
export interface TextToVideoInput {
  /**
   * Text of the scene and its action. Required, and not blank.
   * @pattern \S
   */
  prompt: string;
  /** Visual style: `general` or `anime`. @default "general" */
  style?: "general" | "anime";
  /** Output resolution: `540p`, `720p` or `1080p`. @default "720p" */
  resolution?: "540p" | "720p" | "1080p";
  /**
   * Length of the video in seconds, an integer from 1 to 16. It sets the cost: 0.15 USD per second.
   * @TJS-type integer
   * @minimum 1
   * @maximum 16
   * @default 5
   */
  duration?: number;
  /** Frame shape: `16:9`, `9:16`, `4:3`, `3:4` or `1:1`. @default "4:3" */
  aspect_ratio?: "16:9" | "9:16" | "4:3" | "3:4" | "1:1";
  /** How much the scene moves: `auto`, `small`, `medium` or `large`. @default "auto" */
  movement_amplitude?: "auto" | "small" | "medium" | "large";
  /** Generate synchronized audio. @default true */
  generate_audio?: boolean;
  /** Add background music. @default true */
  bgm?: boolean;
  /**
   * Random seed, an integer; -1 picks one at random.
   * @TJS-type integer
   * @minimum -1
   * @default -1
   */
  seed?: number;
}

/** Validates text-to-video input and applies the model's defaults. */
export const textToVideoInputSchema = z.strictObject({
  prompt: z.string().refine((text) => text.trim() !== "", "must not be empty"),
  style: z.enum(["general", "anime"]).default("general"),
  resolution: z.enum(["540p", "720p", "1080p"]).default("720p"),
  duration: z.int().min(1).max(16).default(5),
  aspect_ratio: z.enum(["16:9", "9:16", "4:3", "3:4", "1:1"]).default("4:3"),
  movement_amplitude: z.enum(["auto", "small", "medium", "large"]).default("auto"),
  generate_audio: z.boolean().default(true),
  bgm: z.boolean().default(true),
  seed: z.int().min(-1).default(-1),
});

// Compile-time proof that the validator and the documented input type agree.
const textToVideoInputMatch: z.ZodType<Required<TextToVideoInput>, TextToVideoInput> = textToVideoInputSchema;
void textToVideoInputMatch;

/** Output of a completed text-to-video job. */
export const textToVideoOutputSchema = z.object({
  /** Where the video is; the URL expires 7 days after the job completed. */
  video_url: z.string(),
  /** What the job cost, in USD. */
  cost: z.number(),
});
export type TextToVideoOutput = z.infer<typeof textToVideoOutputSchema>;

/**
 * What a video of `duration` seconds costs, in USD, exact to the cent: 0.15 per second (5 s: 0.75, 16 s: 2.40).
 * Throws for a duration outside 1..16 or not an integer.
 */
export function estimateTextToVideoCost(duration: number): number {
  if (!Number.isInteger(duration) || duration < 1 || duration > 16) {
    throw new RangeError(`duration must be an integer from 1 to 16 seconds, not ${duration}`);
  }
  return Math.round(duration * TEXT_TO_VIDEO_USD_PER_SECOND * 100) / 100;
}
