/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('median of no values');
  return middle;
}

/** The value below which a share `q` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  if (value === undefined) throw new Error('percentile of no values');
  return value;
}
