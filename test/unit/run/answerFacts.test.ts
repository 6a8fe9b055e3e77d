// An answer's facts, as the chat stores them and the footer shows them: taken from what the server sent, counts only
// where it sent counts, and the line under the answer made from them alone.
import assert from 'node:assert/strict';
import { answerFactsOf, answerFactsSchema } from '../../../src/core/run/answerFacts';
import { formatAnswerFooter } from '../../../src/core/ask/answerFooter';
import type { ChatDone } from '../../../src/core/stream/events';
import { doneWith } from '../../support/chatDone';

const timings: ChatDone['timings'] = { timeToFirstByteMs: 80, timeToFirstTokenMs: 120, totalMs: 1_500, tokensPerSecond: 41.6, tokensPerSecondEstimated: false };
const done = (fields: Partial<ChatDone>): ChatDone => doneWith({ timings, ...fields });

describe('answer facts', () => {
  it('takes the model the server named, the counts with their details (OpenAI’s usage), times and finish', () => {
    // Usage as OpenAI sends it for a reasoning model with a cached prompt.
    const usage = {
      prompt_tokens: 2006,
      completion_tokens: 300,
      total_tokens: 2306,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 256, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    };
    const facts = answerFactsOf(done({ model: 'o4-mini-2025-04-16', usage, responseMs: 1_410, finishReason: 'length' }), { model: 'o4-mini', profile: 'Work' });
    assert.deepEqual(facts, {
      model: 'o4-mini-2025-04-16',
      profile: 'Work',
      refused: false,
      usage: { promptTokens: 2006, completionTokens: 300, totalTokens: 2306, cachedPromptTokens: 1920, reasoningTokens: 256 },
      timeToFirstTokenMs: 120,
      totalMs: 1_500,
      tokensPerSecond: 41.6,
      tokensPerSecondEstimated: false,
      responseMs: 1_410,
      finishReason: 'length',
    });
    assert.ok(answerFactsSchema.safeParse(facts).success, 'what is stored parses back');
    assert.equal(formatAnswerFooter(facts), 'model o4-mini-2025-04-16 via Work · tokens 2006/300/2306 (prompt/completion/total) · first token 120 ms · total 1.50 s · 42 tok/s · server 1.41 s · finish length');
  });

  it('keeps only counts: a null, a string or a negative number the server sent is left out, not stored as a count', () => {
    const usage = { prompt_tokens: 12, completion_tokens: null, total_tokens: '15', prompt_tokens_details: null, completion_tokens_details: { reasoning_tokens: -1 } };
    const facts = answerFactsOf(done({ usage: usage as unknown as ChatDone['usage'] }), { model: 'm' });
    assert.deepEqual(facts.usage, { promptTokens: 12 });
    assert.equal(formatAnswerFooter(facts), 'model m · tokens 12/?/? (prompt/completion/total) · first token 120 ms · total 1.50 s · 42 tok/s');
  });

  it('no usage at all stays unknown: no counts, no tokens in the line', () => {
    const facts = answerFactsOf(done({ usage: { prompt_tokens_details: { cached_tokens: 'x' } } }), { model: 'm' });
    assert.equal('usage' in facts, false);
    assert.doesNotMatch(formatAnswerFooter(facts), /tokens \d/);
  });
});
