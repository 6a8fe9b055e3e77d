// The day's spend, for the log: what the answers of one calendar day (the user's local day) cost, how many had no
// price, and whether any figure in it is our product of list prices. Pure; the host keeps it in its global state so
// the total lasts across windows and reloads.
import { formatUsd, type AnswerCost } from './answerCost';

export interface DailySpend {
  /** The local date, `YYYY-MM-DD`. */
  day: string;
  usd: number;
  answers: number;
  unpriced: number;
  estimated: boolean;
}

export function localDay(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `previous` with one more answer; a new day starts from nothing. */
export function addToDailySpend(previous: DailySpend | undefined, day: string, cost: AnswerCost | undefined): DailySpend {
  const base = previous?.day === day ? previous : { day, usd: 0, answers: 0, unpriced: 0, estimated: false };
  return {
    day,
    usd: base.usd + (cost?.usd ?? 0),
    answers: base.answers + 1,
    unpriced: base.unpriced + (cost ? 0 : 1),
    estimated: base.estimated || cost?.basis === 'prices',
  };
}

export function formatDailySpend(spend: DailySpend): string {
  const unpriced = spend.unpriced > 0 ? `, ${spend.unpriced} without a price` : '';
  return `spent on ${spend.day}: ${formatUsd(spend.usd, spend.estimated)} over ${spend.answers} answer(s)${unpriced}`;
}

/** A stored value read back: a DailySpend, or undefined for anything else (an old or damaged value starts afresh). */
export function readDailySpend(stored: unknown): DailySpend | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const value = stored as Record<string, unknown>;
  const numbers = [value['usd'], value['answers'], value['unpriced']];
  if (typeof value['day'] !== 'string' || typeof value['estimated'] !== 'boolean' || numbers.some((n) => typeof n !== 'number' || !Number.isFinite(n) || n < 0)) return undefined;
  return { day: value['day'], usd: value['usd'] as number, answers: value['answers'] as number, unpriced: value['unpriced'] as number, estimated: value['estimated'] };
}
