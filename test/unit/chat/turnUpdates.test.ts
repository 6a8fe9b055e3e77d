// The one turn reducer the host and the view both apply.
import assert from 'node:assert/strict';
import { emptyAssistantTurn } from '../../../src/core/chat/conversation';
import { updateStoredTurn, updateTurn } from '../../../src/core/chat/turnUpdates';
import { viewTurnOf } from '../../../src/core/chat/viewTurns';
import type { AssistantTurn, ToolCard } from '../../../src/core/chat/chatTurns';
import type { ViewAssistantTurn } from '../../../src/core/chat/webviewProtocol';

const card = (id: string, status: ToolCard['status']): ToolCard => ({ id, name: 'read_file', summary: 'a.ts', status, isEdit: false });

describe('updateTurn', () => {
  it('appends text and reasoning to a streaming answer, leaving the old turn as it was', () => {
    const before = emptyAssistantTurn('t');
    const after = updateTurn(updateTurn(before, { type: 'delta', text: 'Hel', reasoning: 'hm' }), { type: 'delta', text: 'lo', reasoning: '' });
    assert.deepEqual([after.text, after.reasoning], ['Hello', 'hm']);
    assert.deepEqual([before.text, before.reasoning], ['', '']);
  });

  it('drops a delta that arrives after the answer ended, and an empty one, returning the same turn', () => {
    const done: AssistantTurn = { ...emptyAssistantTurn('t'), text: 'final', status: 'done' };
    assert.equal(updateTurn(done, { type: 'delta', text: ' late', reasoning: '' }), done);
    const streaming = emptyAssistantTurn('t');
    assert.equal(updateTurn(streaming, { type: 'delta', text: '', reasoning: '' }), streaming);
  });

  it('adds tool cards in order of first appearance and replaces them by id', () => {
    let turn = emptyAssistantTurn('t');
    turn = updateTurn(turn, { type: 'toolCall', call: card('a', 'queued') });
    turn = updateTurn(turn, { type: 'toolCall', call: card('b', 'queued') });
    const beforeDone = turn;
    turn = updateTurn(turn, { type: 'toolCall', call: card('a', 'done') });
    assert.deepEqual(
      turn.toolCalls?.map((call) => [call.id, call.status]),
      [
        ['a', 'done'],
        ['b', 'queued'],
      ],
    );
    assert.equal(beforeDone.toolCalls?.[0]?.status, 'queued');
  });

  it('keeps each round’s facts in order, and ends with a status, error or notice (the stored turn only)', () => {
    const round = (model: string) => ({ model, refused: false, totalMs: 5, tokensPerSecondEstimated: false });
    let turn = updateStoredTurn(emptyAssistantTurn('t'), { type: 'answered', facts: round('m1') });
    turn = updateStoredTurn(turn, { type: 'answered', facts: round('m2') });
    const failed = updateStoredTurn(turn, { type: 'finish', status: 'error', error: { message: 'boom', actions: ['show-log'] } });
    assert.deepEqual([failed.status, failed.answers.map((facts) => facts.model), failed.error?.message, 'notice' in failed], ['error', ['m1', 'm2'], 'boom', false]);
    const limited = updateStoredTurn(turn, { type: 'finish', status: 'done', notice: 'Stopped after 10 rounds' });
    assert.deepEqual([limited.status, limited.notice, 'error' in limited], ['done', 'Stopped after 10 rounds', false]);
    assert.equal((viewTurnOf(failed) as ViewAssistantTurn).footer, 'model m2 · total 5 ms', 'the view shows the last round’s line');
  });
});
