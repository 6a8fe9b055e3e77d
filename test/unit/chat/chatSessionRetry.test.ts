// An answer with tool rounds that a crash cut short: its finished rounds are saved ahead with their transcript, so
// Retry after the reload goes on from them (the model is told what was already done, as the cards show), and every
// other Retry asks again from the user's message, as it always has. The crash is simulated as a reload does it: a new
// session over what the archive would read now (FakeArchive.afterCrash, through the stored format).
import assert from 'node:assert/strict';
import { ChatSession } from '../../../src/core/chat/chatSession';
import type { AssistantTurn, Turn } from '../../../src/core/chat/chatTurns';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import type { ToolOutcome } from '../../../src/core/tools/toolLoopTypes';
import { fakeSessionPorts, Gate, textAnswer, toolCallAnswer, type FakePorts, type FakePortsOptions } from '../../support/fakes/chat/fakeChatSessionPorts';

function sessionWith(options: FakePortsOptions = {}): { session: ChatSession; ports: FakePorts } {
  const ports = fakeSessionPorts(options);
  return { session: new ChatSession(ports), ports };
}

const lastAssistant = (turns: readonly Turn[]): AssistantTurn => {
  const turn = turns.at(-1);
  assert.equal(turn?.role, 'assistant');
  return turn as AssistantTurn;
};

/** Each message as [role, content, the calls it makes or answers], for comparing requests. */
const shape = (messages: readonly ChatMessage[] | undefined): [string, unknown, string][] =>
  (messages ?? []).map((message) => [
    message.role,
    message.content,
    message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => `${call.function.name} ${call.function.arguments}`).join(', ') : message.role === 'tool' ? message.tool_call_id : '',
  ]);

const REPLACE = '{"path":"a.ts","old_text":"a0","new_text":"a1"}';
/** The edit the first round applies: the host's replace_in_file as the session's port sees it. */
const applied: ToolOutcome = { status: 'done', content: 'Replaced 1 occurrence in a.ts.', fileChange: { path: '/ws/a.ts', relativePath: 'a.ts', before: 'a0', after: 'a1' } };
/** The first round: a sentence, then the edit. */
const editRound = { batches: [[{ type: 'text' as const, text: 'Editing a.ts.' }], ...toolCallAnswer(['e1', 'replace_in_file', REPLACE]).batches] };
const edits = { tools: { needsApproval: () => false, maxRounds: 3 }, runTool: async (): Promise<ToolOutcome> => applied } satisfies FakePortsOptions;

describe('chat session: retry after a crash mid-tool-loop', () => {
  it('each finished round is saved ahead at once with its transcript, exactly as the next round sends it', async () => {
    const gate = new Gate();
    const { session, ports } = sessionWith({ ...edits, answers: [editRound, { ...textAnswer('Checking ', 'the rest.'), gate: gate.wait }] });
    const sent = session.send('fix a.ts');
    await gate.reached(); // the second round's request is sent; nothing of its answer has arrived
    const [afterCrash] = ports.archive.afterCrash();
    const answer = lastAssistant(afterCrash?.turns ?? []);
    assert.equal(answer.status, 'interrupted');
    const secondRequest = ports.model.requests[1]?.messages ?? [];
    assert.deepEqual(shape(secondRequest).slice(0, 2), [
      ['system', 'Be brief.', ''],
      ['user', 'fix a.ts', ''],
    ]);
    assert.deepEqual(afterCrash?.transcripts?.[answer.id], secondRequest.slice(2), 'the round’s messages, as the second request carries them');
    assert.deepEqual(shape(afterCrash?.transcripts?.[answer.id]), [
      ['assistant', 'Editing a.ts.', `replace_in_file ${REPLACE}`],
      ['tool', 'Replaced 1 occurrence in a.ts.', 'e1'],
    ]);
    gate.release();
    await sent;
    const finished = ports.archive.list()[0];
    assert.deepEqual(
      shape(finished?.transcripts?.[lastAssistant(finished.turns).id]).map(([role]) => role),
      ['assistant', 'tool', 'assistant'],
      'the final save keeps the whole transcript, as before',
    );
  });

  it('a failed answer keeps no transcript, and its Retry asks again from the user’s message, as before', async () => {
    const { session, ports } = sessionWith({ ...edits, answers: [editRound, { batches: [[{ type: 'text', text: 'Chec' }]], error: new Error('socket hang up') }, textAnswer('Done.')] });
    await session.send('fix a.ts');
    const stored = ports.archive.list()[0];
    const failed = lastAssistant(stored?.turns ?? []);
    assert.equal(failed.status, 'error');
    assert.equal(stored?.transcripts?.[failed.id], undefined, 'the rounds saved ahead went with the final save');
    await session.retry();
    assert.deepEqual(shape(ports.model.requests[2]?.messages), [
      ['system', 'Be brief.', ''],
      ['user', 'fix a.ts', ''],
    ]);
    const answered = lastAssistant(ports.archive.list()[0]?.turns ?? []);
    assert.deepEqual([answered.text, answered.status, answered.toolCalls], ['Done.', 'done', undefined]);
  });
});
