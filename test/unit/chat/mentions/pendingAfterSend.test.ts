import assert from 'node:assert/strict';
import { ChatSession } from '../../../../src/core/chat/chatSession';
import type { ContextChip } from '../../../../src/core/chat/chatTurns';
import { fakeSessionPorts } from '../../../support/fakes/chat/fakeChatSessionPorts';

const chip: ContextChip = { id: 'c1', kind: 'file', label: 'a.ts', path: 'a.ts', languageId: 'typescript', startLine: 1, endLine: 1, text: 'let a = 1;', truncatedCharacters: 0 };

describe('chips after a message is sent', () => {
  it('tells the view the pending chips went with the message, so none stays above the box', async () => {
    const ports = fakeSessionPorts({ answers: [{ batches: [[{ type: 'text', text: 'ok' }]] }] });
    const session = new ChatSession(ports);
    session.attach(chip);
    await session.send('explain @a.ts');
    const pending = ports.posted.filter((message) => message.type === 'pendingContext');
    assert.deepEqual(pending.at(-1), { type: 'pendingContext', chips: [] });
    assert.deepEqual(session.state().pendingContext, []);
    const user = session.state().turns[0];
    assert.deepEqual(user?.role === 'user' && user.context, [chip]);
  });

  it('says nothing of chips when none were pending', async () => {
    const ports = fakeSessionPorts({ answers: [{ batches: [[{ type: 'text', text: 'ok' }]] }] });
    await new ChatSession(ports).send('hello');
    assert.equal(ports.posted.filter((message) => message.type === 'pendingContext').length, 0);
  });
});
