// The chat's Plan mode through the session's fakes: the switch is kept with the conversation (and survives a reload of
// the store), each message and its answer carry the mode they were made in, the run is prepared in that mode (Retry
// asks again in it), and "Act on this plan" goes back to Act with the plan in the conversation.
import assert from 'node:assert/strict';
import { ACT_ON_PLAN_MESSAGE, ACT_ON_QUOTED_PLAN_MESSAGE, ChatSession } from '../../../src/core/chat/chatSession';
import { readStoredConversations, storedForm } from '../../../src/core/chat/storedConversations';
import type { HostMessage } from '../../../src/core/chat/webviewProtocol';
import { FakeArchive, fakeSessionPorts, textAnswer, type FakePortsOptions } from '../../support/fakes/chat/fakeChatSessionPorts';

function sessionWith(options: FakePortsOptions = {}) {
  const ports = fakeSessionPorts(options);
  return { session: new ChatSession(ports), ports };
}

const lastState = (posted: readonly HostMessage[]) => {
  const states = posted.filter((message): message is Extract<HostMessage, { type: 'state' }> => message.type === 'state');
  return states.at(-1)?.state;
};

describe('chat session: Plan mode', () => {
  it('starts in Act; the switch shows Plan, the next message and its answer are labelled and prepared in Plan', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('- [ ] step one\n- [ ] step two')] });
    assert.equal(session.state().mode, 'act');
    await session.setMode('plan');
    assert.equal(lastState(ports.posted)?.mode, 'plan');
    await session.send('add a README');
    assert.deepEqual(ports.preparedModes, ['plan']);
    const [user, answer] = ports.archive.list()[0]!.turns;
    assert.equal(user?.role === 'user' && user.mode, 'plan');
    assert.equal(answer?.role === 'assistant' && answer.mode, 'plan');
    assert.equal(session.state().mode, 'plan', 'the mode stays until switched back');
  });

  it('an Act message carries no mode, and its run is prepared in Act', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('ok')] });
    await session.send('hello');
    assert.deepEqual(ports.preparedModes, ['act']);
    const [user, answer] = ports.archive.list()[0]!.turns;
    assert.ok(user && !('mode' in user) && answer && !('mode' in answer));
  });

  it('the mode is kept with the conversation: a store read again (a reload) opens it in Plan', async () => {
    const archive = new FakeArchive();
    const { session } = sessionWith({ archive, answers: [textAnswer('- [ ] a')] });
    await session.send('first in Act');
    await session.setMode('plan');
    const reloaded = readStoredConversations(JSON.parse(JSON.stringify(storedForm(archive.list()))));
    assert.equal(reloaded.conversations[0]?.mode, 'plan');
    const after = new ChatSession(fakeSessionPorts({ archive: new FakeArchive(reloaded.conversations) }));
    assert.equal(after.state().mode, 'plan');
  });

  it('Retry asks again in the mode the question was sent in, whatever the switch says now', async () => {
    const { session, ports } = sessionWith({ answers: [{ batches: [], error: new Error('socket hang up') }, textAnswer('- [ ] a')] });
    await session.setMode('plan');
    await session.send('plan it');
    await session.setMode('act');
    await session.retry();
    assert.deepEqual(ports.preparedModes, ['plan', 'plan']);
  });

  it('Act on this plan: back to Act, and the model is asked to carry out the plan just above', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('- [ ] edit a.ts'), textAnswer('Done.')] });
    await session.setMode('plan');
    await session.send('plan it');
    const plan = ports.archive.list()[0]!.turns[1]!;
    await session.actOnPlan(plan.id);
    assert.deepEqual(ports.preparedModes, ['plan', 'act']);
    const turns = ports.archive.list()[0]!.turns;
    const act = turns[2];
    assert.equal(act?.role, 'user');
    assert.equal(act?.text, ACT_ON_PLAN_MESSAGE);
    assert.ok(act && !('mode' in act));
    assert.equal(session.state().mode, 'act');
    // The plan is in the request before the message that asks to carry it out.
    const request = ports.model.requests.at(-1)!;
    const contents = request.messages.map((message) => message.content);
    assert.ok(contents.indexOf('- [ ] edit a.ts') < contents.indexOf(ACT_ON_PLAN_MESSAGE));
  });

  it('Act on an earlier plan quotes it; an Act answer, an unknown id or a failed plan does nothing', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('- [ ] first plan'), textAnswer('later'), textAnswer('Done.')] });
    await session.setMode('plan');
    await session.send('plan it');
    await session.setMode('act');
    await session.send('something else');
    const [, plan, , actAnswer] = ports.archive.list()[0]!.turns;
    await session.actOnPlan(actAnswer!.id);
    await session.actOnPlan('no-such-turn');
    assert.equal(ports.preparedModes.length, 2, 'nothing was sent');
    await session.actOnPlan(plan!.id);
    assert.equal(ports.archive.list()[0]!.turns[4]?.text, `${ACT_ON_QUOTED_PLAN_MESSAGE}\n\n- [ ] first plan`);
  });
});
