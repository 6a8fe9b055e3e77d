// Splits text into nearly equal pieces without cutting a surrogate pair, so every delta is valid UTF-8 on the wire.

/** At most `pieces` non-empty pieces that join back to `text`; none for an empty text. */
export function splitText(text: string, pieces: number): string[] {
  const codePoints = Array.from(text);
  if (codePoints.length === 0) return [];
  const count = Math.max(1, Math.min(Math.floor(pieces), codePoints.length));
  const base = Math.floor(codePoints.length / count);
  const extra = codePoints.length % count;
  const result: string[] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const size = base + (i < extra ? 1 : 0);
    result.push(codePoints.slice(start, start + size).join(''));
    start += size;
  }
  return result;
}

/** A natural default: one piece per ~24 characters, capped so huge answers stay a few dozen chunks. */
export function defaultPieceCount(text: string): number {
  return Math.min(64, Math.max(1, Math.ceil(text.length / 24)));
}
