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
