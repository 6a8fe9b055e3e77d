// A duration as the log and the answer's footer show it: milliseconds under a second, else seconds to two places
// (one from ten seconds on). It sits in text/, the lowest floor, because the wire's rate-limit note, the answer's
// footer and the inline completions' log lines all print durations the same way.
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
