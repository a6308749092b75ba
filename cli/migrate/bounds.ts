/** Raises a v1 value below a v2 minimum to that minimum, with a warning that names the v2 argument it went to. */
export function atLeast<Value extends number | undefined>(
  value: Value,
  minimum: number,
  names: { field: string; target: string },
  warn: (message: string) => void,
): Value {
  if (value === undefined || value >= minimum) return value;
  warn(`"${names.field}" ${value} is below the v2 minimum of ${minimum}; ${names.target} is ${minimum}`);
  return minimum as Value;
}

/** A vCPU count as v2 takes it, a power of two and at least 2: other v1 values are rounded up, with a warning. */
export function vcpuCountFor(value: number, names: { field: string; target: string }, warn: (message: string) => void): number {
  let valid = 2;
  while (valid < value) valid *= 2;
  if (valid !== value) {
    warn(`"${names.field}" ${value} is not a power of two of at least 2, as v2 requires; ${names.target} is ${valid}`);
  }
  return valid;
}
