import assert from 'node:assert/strict';
import type { ViewAssistantTurn, ChatViewState } from '../../../src/core/chat/webviewProtocol';
import { EMPTY_STATE, readCachedView } from '../../../src/webview/state/cachedView';
import { ChatModel } from '../../../src/webview/state/chatModel';
import { StateSaver } from '../../../src/webview/state/stateSaver';

const streaming = (): ViewAssistantTurn => ({ id: 'a1', role: 'assistant', text: 'Hel', reasoning: '', status: 'streaming' });
const stateWith = (...turns: ChatViewState['turns']): ChatViewState => ({ ...structuredClone(EMPTY_STATE), conversationId: 'c1', turns });

describe('ChatModel', () => {
  it('appends deltas to a streaming answer only', () => {
    const model = new ChatModel(stateWith({ id: 'u1', role: 'user', text: 'hi', context: [] }, streaming()), '');
    assert.equal(model.appendDelta('a1', 'lo', 'because')?.text, 'Hello');
    assert.equal(model.appendDelta('u1', 'x', ''), undefined, 'not an answer');
    assert.equal(model.appendDelta('nope', 'x', ''), undefined, 'no such turn');
    model.upsertTurn({ ...streaming(), text: 'Hello!', status: 'done' }, false);
    assert.equal(model.appendDelta('a1', 'late', ''), undefined, 'no longer streaming');
    assert.equal(model.state.turns.length, 2);
    assert.equal(model.state.busy, false);
  });

  it('replaces a turn by id, appends a new one, and adds or replaces tool cards', () => {
    const model = new ChatModel(stateWith(streaming()), '');
    model.upsertTurn({ id: 'u2', role: 'user', text: 'next', context: [] }, true);
    assert.deepEqual(model.state.turns.map((turn) => turn.id), ['a1', 'u2']);
    const card = { id: 't1', name: 'read_file', summary: 'a.ts', status: 'running' as const, isEdit: false };
    assert.equal(model.upsertToolCall('a1', card), true);
    assert.equal(model.upsertToolCall('a1', { ...card, status: 'done' }), true);
    assert.deepEqual((model.state.turns[0] as ViewAssistantTurn).toolCalls, [{ ...card, status: 'done' }]);
    assert.equal(model.upsertToolCall('u2', card), false);
  });

  it('snapshots the state and the draft for setState', () => {
    const model = new ChatModel(stateWith(), 'draft');
    model.setDraft('typed');
    assert.deepEqual(model.snapshot(), { version: 1, state: model.state, draft: 'typed' });
  });
});

describe('readCachedView', () => {
  it('accepts what snapshot() wrote, after a JSON round trip', () => {
    const model = new ChatModel(stateWith(streaming()), 'draft');
    assert.deepEqual(readCachedView(JSON.parse(JSON.stringify(model.snapshot()))), model.snapshot());
  });

  it('drops anything else: nothing, an older shape, a state that does not parse', () => {
    for (const cached of [undefined, null, 'x', { version: 2, state: EMPTY_STATE, draft: '' }, { version: 1, state: { turns: 3 }, draft: '' }, { version: 1, state: EMPTY_STATE }]) {
      assert.equal(readCachedView(cached), undefined, JSON.stringify(cached));
    }
  });
});

describe('StateSaver', () => {
  it('coalesces writes: one per task for ordinary changes, at most one per interval while streaming', async () => {
    let writes = 0;
    const saver = new StateSaver(() => writes++);
    for (let i = 0; i < 100; i++) saver.saveWithin(50);
    saver.saveSoon();
    saver.saveSoon();
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(writes, 1, 'the soon write covered the pending streaming one');
    for (let i = 0; i < 100; i++) saver.saveWithin(30);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(writes, 1);
    saver.flush();
    saver.flush();
    assert.equal(writes, 2, 'flush writes what is pending, once');
  });
});
