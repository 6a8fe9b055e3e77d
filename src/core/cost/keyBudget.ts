// A LiteLLM virtual key's spend and budget, from the proxy's `GET /key/info` (asked with the key itself, so it
// answers about that key). LiteLLM's documented answer is `{"key": …, "info": {spend, max_budget, budget_duration,
// budget_reset_at, key_alias, …}}`; some versions and filters give the row's fields at the top level, which is read
// the same way. A key without a budget still has its spend. When spend nears the budget the user hears it before the
// proxy refuses: a warning from 80 % and a stronger one from 95 %.
import { recordOf, type JsonRecord } from '../catalogue/jsonValues';
import { formatUsd } from './answerCost';

export interface KeyBudget {
  /** USD spent by the key (in the current budget window when the budget resets). */
  spend: number;
  /** USD the key may spend; undefined: no budget. */
  maxBudget: number | undefined;
  /** How often the budget resets (`30d`, `1h`), when it does. */
  budgetDuration: string | undefined;
  /** When the spend is next reset to 0 (ISO time), when it is. */
  budgetResetAt: string | undefined;
  /** The key's alias or abbreviated name, to say which key this is. */
  keyName: string | undefined;
}

/** `ok` below 80 % of the budget (or no budget), `warning` from 80 %, `critical` from 95 % (and over). */
export type BudgetLevel = 'ok' | 'warning' | 'critical';

export const BUDGET_WARNING_SHARE = 0.8;
export const BUDGET_CRITICAL_SHARE = 0.95;

/** The key's budget from a /key/info body, or undefined when the body is not LiteLLM's answer (another server's 404 page). */
export function parseKeyInfo(json: unknown): KeyBudget | undefined {
  const top = recordOf(json);
  const row: JsonRecord | undefined = recordOf(top?.['info']) ?? top;
  if (row === undefined) return undefined;
  const spend = usd(row['spend']);
  if (spend === undefined) return undefined;
  const maxBudget = usd(row['max_budget']);
  return {
    spend,
    // A budget of 0 blocks every request; it is still a budget (100 % used), so it is kept.
    maxBudget,
    budgetDuration: text(row['budget_duration']),
    budgetResetAt: text(row['budget_reset_at']),
    keyName: text(row['key_alias']) ?? text(row['key_name']),
  };
}

export function budgetLevel(budget: KeyBudget): BudgetLevel {
  const share = budgetShare(budget);
  if (share === undefined) return 'ok';
  if (share >= BUDGET_CRITICAL_SHARE) return 'critical';
  if (share >= BUDGET_WARNING_SHARE) return 'warning';
  return 'ok';
}

/** Spend over budget (1 = all of it), undefined without a budget. A budget of 0 counts as used up. */
export function budgetShare(budget: KeyBudget): number | undefined {
  if (budget.maxBudget === undefined) return undefined;
  if (budget.maxBudget === 0) return 1;
  return budget.spend / budget.maxBudget;
}

/** One line for the status bar's tooltip and Test Connection: `LiteLLM key "dev": $3.05 of $10.00 spent (31 %), resets 2024-07-01 00:00 UTC.` */
export function formatKeyBudget(budget: KeyBudget): string {
  const name = budget.keyName ? ` "${budget.keyName}"` : '';
  const share = budgetShare(budget);
  const spent =
    budget.maxBudget === undefined
      ? `${formatUsd(budget.spend, false)} spent, no budget set`
      : `${formatUsd(budget.spend, false)} of ${formatUsd(budget.maxBudget, false)} spent (${Math.round((share ?? 0) * 100)} %)`;
  const window = budget.budgetDuration ? `, budget per ${budget.budgetDuration}` : '';
  const reset = budget.budgetResetAt ? `, resets ${formatResetAt(budget.budgetResetAt)}` : '';
  return `LiteLLM key${name}: ${spent}${window}${reset}.`;
}

/** What the user should be told, or undefined while under 80 %. */
export function budgetWarning(budget: KeyBudget): string | undefined {
  const level = budgetLevel(budget);
  if (level === 'ok') return undefined;
  const share = budgetShare(budget) ?? 1;
  if (share >= 1) return `The LiteLLM key's budget is used up (${formatUsd(budget.spend, false)} of ${formatUsd(budget.maxBudget ?? 0, false)}): the proxy will refuse requests${budget.budgetResetAt ? ` until ${formatResetAt(budget.budgetResetAt)}` : ''}. Ask its admin to raise it, or switch profile.`;
  return `The LiteLLM key has used ${Math.round(share * 100)} % of its budget (${formatUsd(budget.spend, false)} of ${formatUsd(budget.maxBudget ?? 0, false)}).`;
}

function formatResetAt(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function usd(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

function text(value: unknown): string | undefined {
  // LiteLLM's older rows wrote a missing team as the text "None".
  return typeof value === 'string' && value.trim() !== '' && value !== 'None' ? value.trim() : undefined;
}
