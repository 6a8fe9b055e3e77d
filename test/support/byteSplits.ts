// Ways to cut a response body into the pieces a socket might deliver: at every byte boundary, one byte at a time,
// and at seeded random boundaries (which land inside multi-byte UTF-8 characters too).

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Every way of cutting `bytes` in two, plus the whole and the one-byte-per-piece split. */
export function* everySplit(bytes: Uint8Array): Generator<Uint8Array[]> {
  yield [bytes];
  for (let at = 1; at < bytes.length; at++) yield [bytes.subarray(0, at), bytes.subarray(at)];
  yield Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
}

/** `count` splits of `bytes`, each into random pieces of 1..maxPiece bytes, reproducible from `seed`. */
export function* seededSplits(bytes: Uint8Array, seed: number, count: number, maxPiece = 64): Generator<Uint8Array[]> {
  const random = mulberry32(seed);
  for (let run = 0; run < count; run++) {
    const pieces: Uint8Array[] = [];
    let at = 0;
    while (at < bytes.length) {
      const size = 1 + Math.floor(random() * maxPiece);
      pieces.push(bytes.subarray(at, at + size));
      at += size;
    }
    yield pieces;
  }
}

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
