import assert from 'node:assert/strict';
import { calibratedTokens, calibrationFit, recordPromptUsage, emptyTokenCalibration, type TokenCalibration } from '../../../src/core/context/tokenCalibration';
import { describeCompaction } from '../../../src/core/context/compactionLog';
import { estimatePromptTokens, estimateTextTokens } from '../../../src/core/context/estimateTokens';
import { planCompaction, promptBudget, type CompactionPlan } from '../../../src/core/context/compactConversation';
import { spliceSummary, SUMMARY_MESSAGE_PREFIX } from '../../../src/core/context/summaryRequest';
import type { ChatMessage, ToolDefinition } from '../../../src/core/protocol/messages';
import { randomConversation } from '../../support/context/randomConversation';

/** A message's text (a message of text parts has none here: these conversations are all text). */
const textOf = (message: ChatMessage | undefined): string => (typeof message?.content === 'string' ? message.content : '');

const tools: ToolDefinition[] = [];
const estimate = (messages: readonly ChatMessage[], calibration: TokenCalibration = emptyTokenCalibration(), withTools: readonly ToolDefinition[] = tools) =>
  calibratedTokens(calibration, estimatePromptTokens({ messages, tools: withTools }));

/** What every server checks: each assistant message with tool_calls is followed by one tool message per call, and no tool message stands anywhere else. */
function toolPairingProblems(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      const answered = messages.slice(index + 1, index + 1 + message.tool_calls.length);
      for (const call of message.tool_calls) {
        if (!answered.some((reply) => reply.role === 'tool' && reply.tool_call_id === call.id)) problems.push(`call ${call.id} at ${index} has no result right after it`);
      }
      index += message.tool_calls.length;
    } else if (message.role === 'tool') {
      problems.push(`tool message ${message.tool_call_id} at ${index} follows no call`);
    }
  }
  return problems;
}

/** A summary as long as the model may write it: `tokens` as the server counts them. */
function summaryOfAbout(tokens: number, calibration: TokenCalibration = emptyTokenCalibration()): string {
  const cost = (words: number): number => Math.ceil(estimateTextTokens('decided '.repeat(words)) * calibrationFit(calibration).perToken);
  let words = tokens;
  while (words > 0 && cost(words) > tokens) words = Math.floor((words * tokens) / cost(words)) - 1;
  return 'decided '.repeat(Math.max(0, words)).trim();
}

function bigToolResult(lines: number): string {
  return Array.from({ length: lines }, (_, line) => `${line + 1}: export const value${line} = compute(${line}); // keep`).join('\n');
}

const readCall = (id: string): ChatMessage => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'read_file', arguments: `{"path":"src/${id}.ts"}` } }] });
const result = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

describe('planning what to send so it fits the window', () => {
  const system: ChatMessage = { role: 'system', content: 'You are a coding assistant.' };

  it('sends the messages as they are when they fit', () => {
    const messages: ChatMessage[] = [system, { role: 'user', content: 'hello' }];
    const plan = planCompaction({ messages, budgetTokens: 1000 });
    assert.equal(plan.kind, 'fits');
    assert.deepEqual(plan.kind === 'fits' && plan.messages, messages);
    assert.deepEqual(plan.record.shortened, []);
    assert.equal(plan.record.summarised, undefined);
  });

  it('shortens the oldest tool result first, and only as many as it must', () => {
    const messages: ChatMessage[] = [
      system,
      { role: 'user', content: 'read a' }, readCall('a'), result('a', bigToolResult(300)), { role: 'assistant', content: 'a read' },
      { role: 'user', content: 'read b' }, readCall('b'), result('b', bigToolResult(300)), { role: 'assistant', content: 'b read' },
      { role: 'user', content: 'now what?' },
    ];
    const whole = estimate(messages);
    const plan = planCompaction({ messages, budgetTokens: whole - 1000 });
    assert.equal(plan.kind, 'fits');
    if (plan.kind !== 'fits') return;
    assert.deepEqual(plan.record.shortened.map((shortened) => shortened.toolCallId), ['a']);
    const shortenedA = plan.messages[3]!;
    assert.ok(shortenedA.role === 'tool' && shortenedA.content.length < 2000);
    assert.match(shortenedA.content, /^1: export const value0/);
    assert.match(shortenedA.content, /\[\d+ of \d+ characters cut from this earlier result to fit the context window; call the tool again to read them\.\]$/);
    assert.deepEqual(plan.messages[7], messages[7], 'the later result is left whole');
    assert.ok(estimate(plan.messages) <= whole - 1000);
    assert.deepEqual(toolPairingProblems(plan.messages), []);
  });

  it('never shortens the tool round after the latest user message, even when nothing else can give', () => {
    const messages: ChatMessage[] = [system, { role: 'user', content: 'read it' }, readCall('now'), result('now', bigToolResult(400))];
    const plan = planCompaction({ messages, budgetTokens: 500 });
    assert.equal(plan.kind, 'too-large');
    assert.deepEqual(plan.record.shortened, []);
    if (plan.kind === 'too-large') assert.ok(plan.protectedTokens > 500);
  });

  it('summarises an earlier summary with the oldest turns, so summaries do not pile up in the system messages', () => {
    const turn = (n: number): ChatMessage[] => [{ role: 'user', content: `question ${n} `.repeat(200) }, { role: 'assistant', content: `answer ${n} `.repeat(300) }];
    const earlier: ChatMessage = { role: 'system', content: `${SUMMARY_MESSAGE_PREFIX}${'what was said before '.repeat(100)}` };
    const messages: ChatMessage[] = [system, earlier, ...turn(1), ...turn(2), { role: 'user', content: 'and now?' }];
    const plan = planCompaction({ messages, budgetTokens: Math.floor(estimate(messages) * 0.5) });
    assert.equal(plan.kind, 'summarise');
    if (plan.kind !== 'summarise') return;
    assert.equal(plan.start, 1, 'the earlier summary is the oldest history, not part of the system prompt');
    assert.match(textOf(plan.summaryRequest[1]), /System: Summary of earlier messages: what was said before/);
    const sent = spliceSummary(plan, 'one summary of it all');
    assert.equal(sent.filter((message) => textOf(message).startsWith(SUMMARY_MESSAGE_PREFIX)).length, 1);
  });

  it('summarises the oldest whole turns when shortening is not enough, and says how the summary goes in', () => {
    const turn = (n: number): ChatMessage[] => [{ role: 'user', content: `question ${n} `.repeat(200) }, { role: 'assistant', content: `answer ${n} `.repeat(300) }];
    const latest: ChatMessage = { role: 'user', content: 'and finally?' };
    const messages: ChatMessage[] = [system, ...turn(1), ...turn(2), ...turn(3), latest];
    const budgetTokens = Math.floor(estimate(messages) * 0.7);
    const plan = planCompaction({ messages, budgetTokens });
    assert.equal(plan.kind, 'summarise');
    if (plan.kind !== 'summarise') return;
    assert.equal(plan.start, 1);
    assert.ok(plan.end === 3 || plan.end === 5, `cut at a turn boundary, got ${plan.end}`);
    assert.equal(plan.record.summarised?.turns, (plan.end - 1) / 2);
    assert.equal(plan.summaryRequest[0]!.role, 'system');
    assert.match(textOf(plan.summaryRequest[1]), /User: question 1/);
    assert.doesNotMatch(textOf(plan.summaryRequest[1]), /and finally\?/, 'the latest message is not summarised');
    const sent = spliceSummary(plan, summaryOfAbout(plan.summaryTokens));
    assert.deepEqual(sent[0], system);
    assert.equal(sent[1]!.role, 'system');
    assert.ok(textOf(sent[1]).startsWith(SUMMARY_MESSAGE_PREFIX));
    assert.deepEqual(sent.at(-1), latest);
    assert.ok(estimate(sent) <= budgetTokens, `${estimate(sent)} > ${budgetTokens}`);
  });

  it('cuts every turn of a summary request that would not fit, keeping each one\'s start', () => {
    const turns: ChatMessage[] = Array.from({ length: 6 }, (_, n): ChatMessage[] => [{ role: 'user', content: `topic${n} `.repeat(400) }, { role: 'assistant', content: `reply${n} `.repeat(400) }]).flat();
    const messages: ChatMessage[] = [system, ...turns, { role: 'user', content: 'go on' }];
    const plan = planCompaction({ messages, budgetTokens: 800 });
    assert.equal(plan.kind, 'summarise');
    if (plan.kind !== 'summarise') return;
    assert.ok(estimate(plan.summaryRequest) <= 800, `${estimate(plan.summaryRequest)}`);
    for (let n = 0; n < 6; n++) assert.match(textOf(plan.summaryRequest[1]), new RegExp(`topic${n}`));
  });

  it('says when even the parts it may not touch are too long', () => {
    const messages: ChatMessage[] = [system, { role: 'user', content: 'old' }, { role: 'assistant', content: 'reply' }, { role: 'user', content: 'word '.repeat(5000) }];
    const plan = planCompaction({ messages, budgetTokens: 1000 });
    assert.equal(plan.kind, 'too-large');
    if (plan.kind === 'too-large') assert.ok(plan.protectedTokens > 1000);
  });

  it('scales its estimates by the model\'s calibration', () => {
    const messages: ChatMessage[] = [system, { role: 'user', content: 'word '.repeat(400) }];
    const raw = estimate(messages);
    assert.equal(planCompaction({ messages, budgetTokens: raw }).kind, 'fits');
    const countsDouble = recordPromptUsage(emptyTokenCalibration(), 1000, 2000);
    assert.equal(planCompaction({ messages, budgetTokens: raw, calibration: countsDouble }).kind, 'too-large');
  });

  it('counts the tool definitions against the budget', () => {
    const messages: ChatMessage[] = [system, { role: 'user', content: 'hello' }];
    const { tools: definitions } = randomConversation(1);
    const withoutTools = estimate(messages);
    assert.equal(planCompaction({ messages, budgetTokens: withoutTools }).kind, 'fits');
    assert.notEqual(planCompaction({ messages, tools: definitions, budgetTokens: withoutTools }).kind, 'fits');
  });

  it('the budget is the window less the answer\'s room and a margin', () => {
    assert.equal(promptBudget({ contextWindow: 8192, maxOutputTokens: 1024, marginShare: 0.1 }), 8192 - 1024 - 820);
    assert.equal(promptBudget({ contextWindow: 1000, maxOutputTokens: 4000 }), 0);
  });

  it('the log line says what was shortened and summarised', () => {
    const line = describeCompaction({ budgetTokens: 3000, estimatedTokens: 5000, shortened: [{ messageIndex: 3, toolCallId: 'call_a', originalCharacters: 9000, keptCharacters: 1600 }], summarised: { start: 1, end: 5, turns: 2 } });
    assert.equal(line, 'context: ~5000 tokens estimated for a budget of 3000: shortened 1 earlier tool result(s) by 7400 characters (call_a); summarised the 2 oldest turn(s), messages 1–4');
    assert.match(describeCompaction({ budgetTokens: 10, estimatedTokens: 5, shortened: [] }), /nothing changed/);
  });
});

describe('compaction over random conversations (seeded; a failure names its seed)', () => {
  const SEEDS = 200;

  function check(seed: number, { messages, tools: definitions }: ReturnType<typeof randomConversation>): string {
    const original = structuredClone(messages);
    const calibrations = [
      emptyTokenCalibration(),
      recordPromptUsage(emptyTokenCalibration(), 1000, 1000 + (seed % 7) * 100),
      // A server that adds a preamble of its own to every prompt.
      recordPromptUsage(recordPromptUsage(emptyTokenCalibration(), 500, 500 + (seed % 5) * 150), 3000, 3000 + (seed % 5) * 150),
    ];
    const calibration = calibrations[seed % 3]!;
    const whole = estimate(messages, calibration, definitions);
    const budgetTokens = Math.max(50, Math.floor(whole * (0.15 + ((seed * 7919) % 100) / 100)));
    const plan: CompactionPlan = planCompaction({ messages, tools: definitions, calibration, budgetTokens });
    assert.deepEqual(messages, original, 'the input is not changed');

    let historyStart = 0;
    while (messages[historyStart]?.role === 'system') historyStart++;
    const latestUser = messages.map((message) => message.role).lastIndexOf('user');
    const untouchedTail = messages.slice(latestUser);

    if (plan.kind === 'too-large') {
      const summaryRoom = Math.min(1024, Math.floor(budgetTokens / 8));
      const mustGo = estimate([...messages.slice(0, historyStart), ...untouchedTail], calibration, definitions);
      assert.ok(mustGo + summaryRoom > budgetTokens, `too-large, yet the untouchable parts (${mustGo}) and the summary's room fit ${budgetTokens}`);
      return plan.kind;
    }
    const sent = plan.kind === 'fits' ? plan.messages : spliceSummary(plan, summaryOfAbout(plan.summaryTokens, calibration));
    assert.deepEqual(toolPairingProblems(sent), [], 'every tool message still follows its call');
    assert.deepEqual(sent.slice(0, historyStart), messages.slice(0, historyStart), 'the system prompt is byte-identical');
    assert.deepEqual(sent.slice(sent.length - untouchedTail.length), untouchedTail, 'the latest user message and its tool round are byte-identical');
    assert.ok(estimate(sent, calibration, definitions) <= budgetTokens, `${estimate(sent, calibration, definitions)} > ${budgetTokens}`);
    if (plan.kind === 'summarise') {
      assert.ok(estimate(plan.summaryRequest, calibration, []) <= budgetTokens, 'the summary request fits too');
      assert.deepEqual(toolPairingProblems(plan.messages.slice(plan.end)), []);
    }
    return plan.kind === 'fits' && plan.record.shortened.length > 0 ? 'shortened' : plan.kind;
  }

  it(`${SEEDS} conversations, budgets from far too small to roomy: pairs valid, protected parts whole, within budget when possible`, () => {
    const kinds = new Map<string, number>();
    for (let seed = 1; seed <= SEEDS; seed++) {
      let kind: string;
      try {
        kind = check(seed, randomConversation(seed));
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const kind of ['fits', 'shortened', 'summarise', 'too-large']) assert.ok((kinds.get(kind) ?? 0) > 0, `no conversation planned as ${kind}: ${JSON.stringify([...kinds])}`);
  });
});
