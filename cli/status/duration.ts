const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `10m`, `90s`, `2h`, `1d` in seconds; undefined when `text` is not such a duration. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})([smhd])$/.exec(text);
  return match === null ? undefined : Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/** A time span as a person reads it, to the two largest units: `45s`, `12m 03s`, `3h 05m`, `2d 04h`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [days, hours, minutes, secs] = [Math.floor(whole / 86_400), Math.floor(whole / 3600) % 24, Math.floor(whole / 60) % 60, whole % 60];
  const two = (value: number) => String(value).padStart(2, "0");
  if (days > 0) return `${days}d ${two(hours)}h`;
  if (hours > 0) return `${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${two(secs)}s`;
  return `${secs}s`;
}
