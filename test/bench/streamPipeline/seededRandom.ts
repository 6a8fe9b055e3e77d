// A small seeded generator (mulberry32). The transcript must be the same bytes on every run and in both processes
// (the bench and its server each build it), so nothing here may depend on Math.random or the clock.

export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element, chosen uniformly. */
  pick<T>(items: readonly T[]): T;
  /** Letters and digits, like the ids servers make up. */
  word(length: number): string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
    word: (length) => {
      let word = '';
      for (let i = 0; i < length; i++) word += ALPHANUMERIC[int(0, ALPHANUMERIC.length - 1)];
      return word;
    },
  };
}
