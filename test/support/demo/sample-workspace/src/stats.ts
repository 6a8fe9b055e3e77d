// Small statistics helpers for the Ask Model demo. `average` has a bug worth asking about.
export function average(values: number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[middle]!;
}
