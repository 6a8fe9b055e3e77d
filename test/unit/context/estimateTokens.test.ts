import assert from 'node:assert/strict';
import { estimateMessageTokens, estimatePromptTokens, estimateTextTokens } from '../../../src/core/context/estimateTokens';
import type { ChatMessage, ToolDefinition } from '../../../src/core/protocol/messages';
import { absoluteQuantile, estimateErrors, loadTokenUsageCases } from '../../support/tokenUsage/tokenUsageCases';

describe('estimating tokens without a tokenizer', () => {
  it('counts nothing for nothing, and grows with the text', () => {
    assert.equal(estimateTextTokens(''), 0);
    const short = estimateTextTokens('The quick brown fox');
    const long = estimateTextTokens('The quick brown fox jumps over the lazy dog, twice over.');
    assert.ok(short > 0 && long > short);
  });

  it('reads English at about four characters a token', () => {
    const prose = 'Compaction shortens the oldest tool results first, then summarises the oldest turns of the conversation. '.repeat(20);
    const perToken = prose.length / estimateTextTokens(prose);
    assert.ok(perToken > 3.5 && perToken < 6.5, `${perToken.toFixed(2)} characters a token`);
  });

  it('counts code and JSON denser than prose of the same length: punctuation is tokens of its own', () => {
    const code = 'if (a[i] !== b[j]) { return { ok: false, at: [i, j] }; }\n'.repeat(10);
    const prose = 'the answer is that the two lists differ at the first place where they do not match '.repeat(10).slice(0, code.length);
    assert.ok(estimateTextTokens(code) > estimateTextTokens(prose) * 1.3);
  });

  it('counts Chinese, Japanese and Korean about a token a character, other scripts between', () => {
    const chinese = '上下文窗口的大小决定了模型一次能看到多少内容';
    assert.ok(estimateTextTokens(chinese) >= chinese.length * 0.9);
    const russian = 'Размер контекстного окна определяет объём текста';
    const english = 'The size of the context window sets how much text fits';
    assert.ok(estimateTextTokens(russian) > estimateTextTokens(english));
  });

  it('adds each message\'s template overhead, the tool calls and the tool definitions as their JSON', () => {
    const user: ChatMessage = { role: 'user', content: 'hi' };
    assert.ok(estimateMessageTokens(user) > estimateTextTokens('hi'));
    const call: ChatMessage = { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"src/extension.ts"}' } }] };
    assert.ok(estimateMessageTokens(call) > estimateMessageTokens({ role: 'assistant', content: null }));
    const tools: ToolDefinition[] = [{ type: 'function', function: { name: 'read_file', description: 'Read a workspace file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } }];
    assert.ok(estimatePromptTokens({ messages: [user], tools }) > estimatePromptTokens({ messages: [user] }));
    assert.equal(estimatePromptTokens({ messages: [user], tools: [] }), estimatePromptTokens({ messages: [user] }));
  });
});

describe('the estimate against what real servers counted (test/fixtures/token-usage)', () => {
  const { cases } = loadTokenUsageCases();
  // Small prompts are dominated by what the server adds unseen (Groq's and Anthropic's tool preambles, a search
  // model's instructions); the window decisions are about long prompts, where what we send dominates.
  const long = cases.filter((recorded) => estimatePromptTokens(recorded) >= 200);

  it('holds over a hundred recorded requests with their servers\' counts', () => {
    assert.ok(cases.length >= 100, `${cases.length} cases`);
    assert.ok(long.length >= 20, `${long.length} long cases`);
  });

  it('is within 40 % of the server\'s count for half the long prompts before any calibration', () => {
    const median = absoluteQuantile(estimateErrors(long).raw, 0.5);
    assert.ok(median <= 40, `median error ${median.toFixed(1)} %`);
  });

  it('gets closer once each model is calibrated by its earlier answers, over all prompts and over the long ones', () => {
    for (const subset of [cases, long]) {
      const errors = estimateErrors(subset);
      assert.ok(absoluteQuantile(errors.calibrated, 0.5) < absoluteQuantile(errors.raw, 0.5));
    }
  });
});
