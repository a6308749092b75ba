/** A money amount or quantity as a decimal string, as Infracost writes them: up to 10 decimals, no trailing zeros. */
export function decimal(value: number): string {
  const fixed = value.toFixed(10).replace(/\.?0+$/, "");
  return fixed === "-0" ? "0" : fixed;
}

/**
 * USD for a person to read: thousands separated, `decimals` places, `+` or `−` (U+2212) in front when `signed`.
 * @param decimals places after the point: 4 for $/hour (storage costs fractions of a cent an hour), 2 for $/month.
 */
export function dollars(value: number, decimals: number, signed = false): string {
  const rounded = Number(value.toFixed(decimals));
  const text = Math.abs(rounded).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  if (!signed) return rounded < 0 ? `−${text}` : text;
  return rounded > 0 ? `+${text}` : rounded < 0 ? `−${text}` : text;
}
