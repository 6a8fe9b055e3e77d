// An answer's price: the server's when it can know it, else counts × list prices, else none; how prices add up over
// the requests of one answer and over a day; how they read.
import assert from 'node:assert/strict';
import { addToDailySpend, formatDailySpend, localDay, readDailySpend } from '../../../src/core/cost/dailySpend';
import { answerCostOf, formatUsd, totalCost } from '../../../src/core/cost/answerCost';
import { doneWith } from '../../support/chatDone';

const prices = { inputPerToken: 0.15 / 1e6, outputPerToken: 0.6 / 1e6 };
const usage = { prompt_tokens: 2_000, completion_tokens: 500, total_tokens: 2_500 };

describe('answer cost', () => {
  it('an answer that was not streamed takes LiteLLM’s own price from its header', () => {
    assert.deepEqual(answerCostOf(doneWith({ streamed: false, usage, headers: { costUsd: 0.0000345 } }), prices), { usd: 0.0000345, basis: 'server' });
  });

  it('a streamed answer’s header price is not taken (LiteLLM sends headers before the answer exists): counts × list prices instead', () => {
    const cost = answerCostOf(doneWith({ streamed: true, usage, headers: { costUsd: 0 } }), prices);
    assert.equal(cost?.basis, 'prices');
    assert.ok(Math.abs((cost?.usd ?? 0) - (2_000 * 0.15 + 500 * 0.6) / 1e6) < 1e-12);
  });

  it('OpenRouter’s usage.cost in the body is the server’s price, streamed or not', () => {
    // As OpenRouter documents its usage object: token counts and `cost` in credits (USD).
    const openRouterUsage = { prompt_tokens: 194, completion_tokens: 2, total_tokens: 196, cost: 0.95 };
    assert.deepEqual(answerCostOf(doneWith({ usage: openRouterUsage }), undefined), { usd: 0.95, basis: 'server' });
  });

  it('no price without list prices, or without both counts', () => {
    assert.equal(answerCostOf(doneWith({ usage }), undefined), undefined);
    assert.equal(answerCostOf(doneWith({ usage: { prompt_tokens: 10 } }), prices), undefined);
    assert.equal(answerCostOf(doneWith({}), prices), undefined);
  });

  it('adds up what is known, says when any of it is ours, and counts what had no price', () => {
    assert.deepEqual(totalCost([{ usd: 0.01, basis: 'server' }, undefined, { usd: 0.02, basis: 'prices' }]), { usd: 0.03, estimated: true, unpriced: 1 });
    assert.deepEqual(totalCost([]), { usd: 0, estimated: false, unpriced: 0 });
  });

  it('reads as dollars: cents from a dollar up, two significant digits below, ~ when it is ours', () => {
    assert.deepEqual(
      [formatUsd(1.234, false), formatUsd(0.42, false), formatUsd(0.014, true), formatUsd(0.0031, true), formatUsd(0.00005, false), formatUsd(0, false)],
      ['$1.23', '$0.42', '~$0.014', '~$0.0031', '$0.000050', '$0.00'],
    );
  });
});

describe('the day’s spend', () => {
  it('adds each answer to today, and starts afresh on a new day', () => {
    let spend = addToDailySpend(undefined, '2026-11-23', { usd: 0.5, basis: 'server' });
    spend = addToDailySpend(spend, '2026-11-23', undefined);
    spend = addToDailySpend(spend, '2026-11-23', { usd: 0.25, basis: 'prices' });
    assert.deepEqual(spend, { day: '2026-11-23', usd: 0.75, answers: 3, unpriced: 1, estimated: true });
    assert.equal(formatDailySpend(spend), 'spent on 2026-11-23: ~$0.75 over 3 answer(s), 1 without a price');
    assert.deepEqual(addToDailySpend(spend, '2026-11-24', { usd: 0.1, basis: 'server' }), { day: '2026-11-24', usd: 0.1, answers: 1, unpriced: 0, estimated: false });
  });

  it('the local day, and a stored value read back only when it is one', () => {
    assert.equal(localDay(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
    const spend = { day: '2026-11-23', usd: 1, answers: 2, unpriced: 0, estimated: false };
    assert.deepEqual(readDailySpend(JSON.parse(JSON.stringify(spend))), spend);
    for (const damaged of [undefined, 'x', { ...spend, usd: -1 }, { ...spend, day: 5 }, { ...spend, estimated: 'no' }]) assert.equal(readDailySpend(damaged), undefined);
  });
});
