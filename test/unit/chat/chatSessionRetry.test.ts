// An answer with tool rounds that a crash cut short: its finished rounds are saved ahead with their transcript, so
// Retry after the reload goes on from them (the model is told what was already done, as the cards show), and every
// other Retry asks again from the user's message, as it always has. The crash is simulated as a reload does it: a new
// session over what the archive would read now (FakeArchive.afterCrash, through the stored format).
import assert from 'node:assert/strict';
import { ChatSession } from '../../../src/core/chat/chatSession';
import type { AssistantTurn, Turn } from '../../../src/core/chat/chatTurns';
import { readStoredConversations } from '../../../src/core/chat/storedConversations';
import { viewTurnOf } from '../../../src/core/chat/viewTurns';
import type { ViewAssistantTurn } from '../../../src/core/chat/webviewProtocol';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import type { ToolOutcome } from '../../../src/core/tools/toolLoopTypes';
import { FakeArchive, fakeSessionPorts, Gate, replayToView, textAnswer, toolCallAnswer, type FakePorts, type FakePortsOptions } from '../../support/fakes/chat/fakeChatSessionPorts';

function sessionWith(options: FakePortsOptions = {}): { session: ChatSession; ports: FakePorts } {
  const ports = fakeSessionPorts(options);
  return { session: new ChatSession(ports), ports };
}

const lastAssistant = (turns: readonly Turn[]): AssistantTurn => {
  const turn = turns.at(-1);
  assert.equal(turn?.role, 'assistant');
  return turn as AssistantTurn;
};

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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

/**
 * The first round applies the edit; the second is cut short by a crash once `Now checking the rest` has arrived and
 * been saved. Returns what the next load reads (through the stored format), and the interrupted answer's id.
 */
async function crashMidSecondRound(): Promise<{ archive: FakeArchive; answerId: string }> {
  const gate = new Gate();
  const before = sessionWith({ ...edits, answers: [editRound, { ...textAnswer('Now checking ', 'the rest', ' (never arrives)'), gate: gate.wait }] });
  void before.session.send('fix a.ts');
  await gate.letThrough(2);
  before.ports.clock.advance(2_000);
  await settle();
  assert.deepEqual(before.ports.ran, ['e1']);
  // The process dies here: only what was saved ahead is left.
  const archive = new FakeArchive(before.ports.archive.afterCrash());
  return { archive, answerId: lastAssistant(archive.list()[0]?.turns ?? []).id };
}

/** The request of a Retry that goes on from the first round: the user's message, then that round's call and result. */
const AFTER_FIRST_ROUND: [string, unknown, string][] = [
  ['system', 'Be brief.', ''],
  ['user', 'fix a.ts', ''],
  ['assistant', 'Editing a.ts.', `replace_in_file ${REPLACE}`],
  ['tool', 'Replaced 1 occurrence in a.ts.', 'e1'],
];

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

  it('Retry after the reload goes on from the finished round: the model receives its call and result, the edit is not applied again', async () => {
    const { archive, answerId } = await crashMidSecondRound();
    const { session, ports } = sessionWith({ ...edits, archive, answers: [textAnswer('a.ts is fixed.'), textAnswer('You are welcome.')] });
    const shown = session.state().turns.at(-1) as ViewAssistantTurn;
    assert.deepEqual(
      [shown.status, shown.text, shown.toolCalls?.map((card) => [card.id, card.status])],
      ['interrupted', 'Editing a.ts.\n\nNow checking the rest', [['e1', 'done']]],
    );

    await session.retry();
    assert.deepEqual(shape(ports.model.requests[0]?.messages), AFTER_FIRST_ROUND);
    assert.deepEqual(ports.ran, [], 'nothing was run again');
    const conversation = ports.archive.list()[0];
    const answer = lastAssistant(conversation?.turns ?? []);
    assert.equal(conversation?.turns.length, 2);
    assert.equal(answer.id, answerId, 'the same answer goes on');
    assert.deepEqual([answer.status, answer.text], ['done', 'Editing a.ts.\n\na.ts is fixed.'], 'the cut round’s partial text is replaced by the new answer');
    assert.deepEqual(
      answer.toolCalls?.map((card) => [card.id, card.status]),
      [['e1', 'done']],
      'the finished round’s card stays',
    );
    assert.deepEqual(answer.fileEdits, [{ path: '/ws/a.ts', relativePath: 'a.ts', before: 'a0', after: 'a1', textsKept: true }], 'Revert still knows the edit');
    assert.equal(answer.answers.length, 2, 'the first round’s request and the new one');
    assert.deepEqual(replayToView(ports.posted), conversation?.turns.map(viewTurnOf), 'the view ends with exactly the stored turns');

    await session.send('thanks');
    assert.deepEqual(shape(ports.model.requests[1]?.messages), [...AFTER_FIRST_ROUND, ['assistant', 'a.ts is fixed.', ''], ['user', 'thanks', '']], 'the next message carries the whole answer');
  });

  it('a Retry that fails keeps the finished round, and the next Retry goes on from it again', async () => {
    const { archive } = await crashMidSecondRound();
    const { session, ports } = sessionWith({ ...edits, archive, answers: [{ batches: [], error: new Error('connect ECONNREFUSED') }, textAnswer('a.ts is fixed.')] });
    await session.retry();
    const failed = lastAssistant(ports.archive.list()[0]?.turns ?? []);
    assert.equal(failed.status, 'error');
    assert.deepEqual(
      failed.toolCalls?.map((card) => card.id),
      ['e1'],
    );
    await session.retry();
    assert.deepEqual(shape(ports.model.requests[1]?.messages), AFTER_FIRST_ROUND);
    assert.deepEqual(ports.ran, []);
    assert.equal(lastAssistant(ports.archive.list()[0]?.turns ?? []).status, 'done');
  });

  it('an interrupted answer with no finished round asks again from the user’s message; its cards are replaced', async () => {
    // The crash comes while the first round's edit runs: that round never finished.
    const before = sessionWith({ ...edits, answers: [editRound], runTool: () => new Promise(() => undefined) });
    void before.session.send('fix a.ts');
    while (before.ports.ran.length === 0) await settle();
    before.ports.clock.advance(2_000);
    await settle();
    const archive = new FakeArchive(before.ports.archive.afterCrash());
    const interrupted = lastAssistant(archive.list()[0]?.turns ?? []);
    assert.deepEqual([interrupted.status, interrupted.text, archive.list()[0]?.transcripts?.[interrupted.id]], ['interrupted', 'Editing a.ts.', undefined]);

    const { session, ports } = sessionWith({ ...edits, archive, answers: [toolCallAnswer(['e2', 'replace_in_file', REPLACE]), textAnswer('Fixed.')] });
    await session.retry();
    assert.deepEqual(shape(ports.model.requests[0]?.messages), [
      ['system', 'Be brief.', ''],
      ['user', 'fix a.ts', ''],
    ]);
    const answer = lastAssistant(ports.archive.list()[0]?.turns ?? []);
    assert.notEqual(answer.id, interrupted.id, 'a new answer, as Retry always made');
    assert.deepEqual([answer.status, answer.text, answer.toolCalls?.map((card) => card.id)], ['done', 'Fixed.', ['e2']]);
  });

  it('a history the previous version stored (an interrupted answer saved ahead without its rounds) loads, and Retry asks from the user’s message', async () => {
    const card = { id: 'e1', name: 'replace_in_file', summary: 'a.ts', status: 'done', isEdit: true };
    const facts = { model: 'm', refused: false, usage: { promptTokens: 3, completionTokens: 2 }, totalMs: 30, tokensPerSecondEstimated: false };
    const conversation = (status: string) => ({
      id: 'c1',
      title: 'fix a.ts',
      createdAt: 1,
      updatedAt: 2,
      turns: [
        { id: 'u1', role: 'user', text: 'fix a.ts', context: [] },
        { id: 'a1', role: 'assistant', text: 'Editing a.ts.\n\nNow checking', reasoning: '', status, answers: [facts], toolCalls: [card] },
      ],
    });
    // Format 3 as the version before this one saved an answer ahead (no transcript until the answer ended), and format 2.
    for (const stored of [JSON.stringify({ format: 3, conversations: [conversation('streaming')] }), JSON.stringify({ format: 2, conversations: [conversation('error')] })]) {
      const loaded = readStoredConversations(JSON.parse(stored));
      assert.deepEqual(loaded.keptAside, []);
      const { session, ports } = sessionWith({ ...edits, archive: new FakeArchive(loaded.conversations), answers: [textAnswer('Fixed.')] });
      assert.match((session.state().turns.at(-1) as ViewAssistantTurn).status, /^(interrupted|error)$/);
      await session.retry();
      assert.deepEqual(shape(ports.model.requests[0]?.messages), [
        ['system', 'Be brief.', ''],
        ['user', 'fix a.ts', ''],
      ]);
      assert.deepEqual(
        ports.archive.list()[0]?.turns.map((turn) => turn.text),
        ['fix a.ts', 'Fixed.'],
      );
    }
  });

  it('a stopped answer’s Retry asks again from the user’s message, as before', async () => {
    const late: { session?: ChatSession } = {};
    const { session, ports } = sessionWith({
      ...edits,
      answers: [
        editRound,
        {
          ...textAnswer('Now checking'),
          gate: async () => late.session?.stop(),
        },
        textAnswer('Fixed.'),
      ],
    });
    late.session = session;
    await session.send('fix a.ts');
    assert.equal(lastAssistant(ports.archive.list()[0]?.turns ?? []).status, 'stopped');
    await session.retry();
    assert.deepEqual(shape(ports.model.requests[2]?.messages), [
      ['system', 'Be brief.', ''],
      ['user', 'fix a.ts', ''],
    ]);
  });
});
