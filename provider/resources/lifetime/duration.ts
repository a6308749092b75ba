import { z } from "zod";

const MS_PER_UNIT = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A whole, positive number of minutes, hours or days: `"90m"`, `"8h"`, `"3d"`. */
const DURATION_PATTERN = /^([1-9][0-9]{0,5})([mhd])$/;

/** Why a text is not a duration, as `check` reports it. */
export const DURATION_FORMAT = 'a duration: a positive whole number followed by m, h or d, such as "90m", "8h" or "3d"';

/** Validates a duration argument. */
export const duration = z.string().regex(DURATION_PATTERN, DURATION_FORMAT);

/** The length of a duration in milliseconds; undefined for a text that is not one. */
export function durationMs(text: string): number | undefined {
  const match = DURATION_PATTERN.exec(text);
  if (match === null) return undefined;
  return Number(match[1]) * MS_PER_UNIT[match[2] as keyof typeof MS_PER_UNIT];
}
