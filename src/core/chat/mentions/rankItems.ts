// Orders completion items by how well they match what was typed: the name exactly, then its start, then the start
// of a word in it (after `/`, `.`, `_`, `-` or a capital), then anywhere in it, then its letters in order; a match on
// the name beats one on the detail (a file's folder). Ties keep the order given, so the sources decide among equals.

export interface RankKeys {
  /** What the item is called: a file's name, a symbol's name, a command's name. */
  name: string;
  /** Where it is, matched less strongly: a file's path, a symbol's file. */
  detail?: string | undefined;
}

const EXACT = 1000;
const PREFIX = 800;
const WORD_START = 600;
const SUBSTRING = 400;
const IN_ORDER = 100;
/** A match found only in the detail counts for less than any match in the name. */
const DETAIL_FACTOR = 0.5;

/** How well `query` matches `text` (higher is better); 0 when it does not. Case is ignored. */
export function matchScore(text: string, query: string): number {
  if (query === '') return 1;
  const lower = text.toLowerCase();
  const wanted = query.toLowerCase();
  if (lower === wanted) return EXACT;
  if (lower.startsWith(wanted)) return PREFIX - Math.min(text.length, 100) / 1000;
  const at = wordStarts(text).find((index) => lower.startsWith(wanted, index));
  if (at !== undefined) return WORD_START - at / 1000;
  const index = lower.indexOf(wanted);
  if (index >= 0) return SUBSTRING - index / 1000;
  const gaps = inOrderGaps(lower, wanted);
  return gaps === undefined ? 0 : IN_ORDER - Math.min(gaps, 99);
}

/** The items that match, best first, at most `limit`. */
export function rankItems<T>(items: readonly T[], query: string, keysOf: (item: T) => RankKeys, limit: number): T[] {
  const scored: { item: T; score: number; order: number }[] = [];
  items.forEach((item, order) => {
    const keys = keysOf(item);
    const score = Math.max(matchScore(keys.name, query), keys.detail === undefined ? 0 : matchScore(keys.detail, query) * DETAIL_FACTOR);
    if (score > 0) scored.push({ item, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, Math.max(0, limit)).map((entry) => entry.item);
}

function wordStarts(text: string): number[] {
  const starts: number[] = [];
  for (let index = 1; index < text.length; index++) {
    const previous = text[index - 1] as string;
    const current = text[index] as string;
    if ('/._- '.includes(previous) || (/[A-Z]/.test(current) && /[a-z0-9]/.test(previous))) starts.push(index);
  }
  return starts;
}

/** How many characters lie between the query's letters when they appear in order, or undefined when they do not. */
function inOrderGaps(text: string, query: string): number | undefined {
  let gaps = 0;
  let position = text.indexOf(query[0] as string);
  if (position < 0) return undefined;
  for (let index = 1; index < query.length; index++) {
    const next = text.indexOf(query[index] as string, position + 1);
    if (next < 0) return undefined;
    gaps += next - position - 1;
    position = next;
  }
  return gaps;
}
