// The one turn reducer the host and the view both apply.
import assert from 'node:assert/strict';
import { emptyAssistantTurn, updateTurn, type AssistantTurn, type ToolCard } from '../../../src/core';

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

  it('sets the footer per answer (the last round’s wins) and ends with a status, error or notice', () => {
    let turn = updateTurn(emptyAssistantTurn('t'), { type: 'answered', footer: 'round 1' });
    turn = updateTurn(turn, { type: 'answered', footer: 'round 2' });
    const failed = updateTurn(turn, { type: 'finish', status: 'error', error: { message: 'boom', actions: ['show-log'] } });
    assert.deepEqual([failed.status, failed.footer, failed.error?.message, 'notice' in failed], ['error', 'round 2', 'boom', false]);
    const limited = updateTurn(turn, { type: 'finish', status: 'done', notice: 'Stopped after 10 rounds' });
    assert.deepEqual([limited.status, limited.notice, 'error' in limited], ['done', 'Stopped after 10 rounds', false]);
  });
});
