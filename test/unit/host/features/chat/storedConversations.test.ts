// The chat history is parsed on load: an old store is read, a damaged one never breaks the chat and is never dropped
// in silence (kept aside exactly as it was, and the user told).
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CONVERSATIONS_FORMAT, readStoredConversations } from '../../../../../src/core/chat/storedConversations';
import { viewTurnOf } from '../../../../../src/core/chat/viewTurns';
import type { Conversation } from '../../../../../src/core/chat/conversation';
import type { ViewAssistantTurn } from '../../../../../src/core/chat/webviewProtocol';
import { CONVERSATIONS_KEY, ConversationStore, FORMER_CONVERSATIONS_KEY, KEPT_ASIDE_KEY } from '../../../../../src/host/features/chat/conversationStore';

const good = (id: string, updatedAt = 1): Conversation => ({
  id,
  title: `chat ${id}`,
  createdAt: 1,
  updatedAt,
  turns: [
    { id: `${id}-u`, role: 'user', text: 'Hi', context: [] },
    { id: `${id}-a`, role: 'assistant', text: 'Hello', reasoning: '', status: 'done', answers: [{ model: 'm', refused: false, usage: { promptTokens: 12, completionTokens: 3 }, totalMs: 40, tokensPerSecondEstimated: false }] },
  ],
  transcripts: { [`${id}-a`]: [{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'read_file', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c', content: 'x' }] },
});

/** `good(id)` as format 1 (and the bare-array store before it) wrote it: the line under an answer as text. */
const format1 = (id: string, updatedAt = 1): unknown => ({
  ...good(id, updatedAt),
  turns: good(id, updatedAt).turns.map((turn) => (turn.role === 'assistant' ? { id: turn.id, role: turn.role, text: turn.text, reasoning: turn.reasoning, status: turn.status, footer: 'model m' } : turn)),
});
/** What format 1's `format1(id)` reads as. */
const migrated = (id: string, updatedAt = 1): Conversation => ({
  ...good(id, updatedAt),
  turns: good(id, updatedAt).turns.map((turn) => (turn.role === 'assistant' ? { ...turn, answers: [], legacyFooter: 'model m' } : turn)),
});

describe('stored conversations', () => {
  it('reads nothing as an empty history', () => {
    assert.deepEqual(readStoredConversations(undefined), { conversations: [], keptAside: [], problem: undefined });
  });

  it('reads the current format as it was written', () => {
    const conversations = [good('a', 2), good('b')];
    assert.deepEqual(readStoredConversations({ format: CONVERSATIONS_FORMAT, conversations }).conversations, conversations);
  });

  it('reads format 1 and the store before format numbers (a bare array): an answer keeps the line it showed', () => {
    // As version 0.x wrote it: the line under an answer as text, no facts.
    const format1 = {
      id: 'old',
      title: 'old chat',
      createdAt: 1,
      updatedAt: 2,
      turns: [
        { id: 'u', role: 'user', text: 'Hi', context: [] },
        { id: 'a', role: 'assistant', text: 'Hello', reasoning: '', status: 'done', footer: 'model m · tokens 12/3/15 (prompt/completion/total) · total 40 ms' },
        { id: 'b', role: 'assistant', text: 'Oops', reasoning: '', status: 'error', error: { message: 'boom', actions: ['retry'] } },
      ],
    };
    for (const stored of [{ format: 1, conversations: [format1] }, [format1]]) {
      const loaded = readStoredConversations(stored);
      assert.deepEqual(loaded.keptAside, []);
      const [, answered, failed] = loaded.conversations[0]?.turns ?? [];
      assert.deepEqual(answered, { id: 'a', role: 'assistant', text: 'Hello', reasoning: '', status: 'done', answers: [], legacyFooter: 'model m · tokens 12/3/15 (prompt/completion/total) · total 40 ms' });
      assert.deepEqual(failed && 'legacyFooter' in failed, false);
      assert.equal(answered && (viewTurnOf(answered) as ViewAssistantTurn).footer, 'model m · tokens 12/3/15 (prompt/completion/total) · total 40 ms');
    }
  });

  it('reads format 2 as it was written (format 3 only adds the interrupted answer)', () => {
    const conversations = [good('a'), good('b')];
    assert.deepEqual(readStoredConversations({ format: 2, conversations }).conversations, conversations);
  });

  it('an answer stored while streaming (saved ahead, never finished) is read as interrupted, its text kept', () => {
    const streaming = good('s');
    streaming.turns[1] = { id: 's-a', role: 'assistant', text: 'Half an ans', reasoning: '', status: 'streaming', answers: [] };
    const [read] = readStoredConversations({ format: CONVERSATIONS_FORMAT, conversations: [streaming] }).conversations;
    assert.deepEqual(read?.turns[1], { ...streaming.turns[1], status: 'interrupted' });
    assert.equal((viewTurnOf(read?.turns[1] ?? streaming.turns[0]!) as ViewAssistantTurn).status, 'interrupted');
  });

  it('a format-2 answer without its facts is damaged, and kept aside', () => {
    const damaged = { ...good('x'), turns: [{ id: 'a', role: 'assistant', text: 'Hello', reasoning: '', status: 'done' }] };
    const loaded = readStoredConversations({ format: CONVERSATIONS_FORMAT, conversations: [damaged, good('b')] });
    assert.deepEqual(loaded.keptAside, [damaged]);
    assert.deepEqual(loaded.conversations.map((c) => c.id), ['b']);
  });

  it('keeps a damaged conversation aside, exactly as stored, and reads the rest', () => {
    const damaged = { id: 'x', title: 'broken', turns: [{ role: 'assistant', text: 42 }] };
    const loaded = readStoredConversations([good('a'), damaged, good('b')]);
    assert.deepEqual(loaded.conversations.map((c) => c.id), ['a', 'b']);
    assert.deepEqual(loaded.keptAside, [damaged]);
    assert.match(loaded.problem ?? '', /1 saved conversation\(s\) could not be read and were kept aside; the other 2 are in the history/);
  });

  it('keeps a store that is not a list aside whole', () => {
    const loaded = readStoredConversations('garbage');
    assert.deepEqual(loaded.conversations, []);
    assert.deepEqual(loaded.keptAside, ['garbage']);
    assert.match(loaded.problem ?? '', /could not be read/);
  });

  it('leaves a store written by a newer version as it is', () => {
    const newer = { format: CONVERSATIONS_FORMAT + 1, conversations: [{ something: 'new' }] };
    const loaded = readStoredConversations(newer);
    assert.deepEqual(loaded.conversations, []);
    assert.deepEqual(loaded.keptAside, [newer]);
    assert.match(loaded.problem ?? '', /newer version/);
  });
});

describe('ConversationStore (host) over a fake workspace state', () => {
  function memento(initial: Record<string, unknown>): vscode.Memento & { data: Record<string, unknown> } {
    const data = { ...initial };
    return {
      data,
      keys: () => Object.keys(data),
      get: <T>(key: string, fallback?: T) => (key in data ? (data[key] as T) : fallback),
      update: async (key: string, value: unknown) => {
        data[key] = value;
      },
    } as vscode.Memento & { data: Record<string, unknown> };
  }

  it('moves the unreadable part under the kept-aside key before saving, tells the user once, and keeps the rest', async () => {
    const damaged = { id: 'x', turns: 'nope' };
    const state = memento({ [CONVERSATIONS_KEY]: [format1('a'), damaged] });
    const told: string[] = [];
    const store = new ConversationStore(state, (problem) => told.push(problem));
    assert.deepEqual(store.list().map((c) => c.id), ['a']);
    store.list();
    await store.save(good('c', 5));
    assert.equal(told.length, 1);
    assert.match(told[0] ?? '', /kept aside/);
    const keptAside = state.data[KEPT_ASIDE_KEY] as { items: unknown[] }[];
    assert.deepEqual(keptAside.map((entry) => entry.items), [[damaged]]);
    assert.deepEqual(state.data[CONVERSATIONS_KEY], { format: CONVERSATIONS_FORMAT, conversations: [good('c', 5), migrated('a')] });
  });

  it('appends to what was kept aside before, never overwriting it', async () => {
    const state = memento({ [CONVERSATIONS_KEY]: 'garbage', [KEPT_ASIDE_KEY]: [{ at: 1, problem: 'earlier', items: ['old'] }] });
    const store = new ConversationStore(state, () => undefined);
    await store.save(good('a'));
    assert.deepEqual((state.data[KEPT_ASIDE_KEY] as { items: unknown[] }[]).map((entry) => entry.items), [['old'], ['garbage']]);
  });

  describe('an answer saved ahead', () => {
    const inFlight = (id: string, updatedAt: number, text: string): Conversation => {
      const conversation = good(id, updatedAt);
      conversation.turns[1] = { id: `${id}-a`, role: 'assistant', text, reasoning: '', status: 'streaming', answers: [] };
      delete conversation.transcripts;
      return conversation;
    };

    it('writes only its own conversation, under a key of its own, and shows it in the list at once', async () => {
      const state = memento({ [CONVERSATIONS_KEY]: { format: CONVERSATIONS_FORMAT, conversations: [good('a')] } });
      const store = new ConversationStore(state, () => undefined);
      await store.saveAhead(inFlight('b', 5, 'Half'));
      assert.deepEqual(state.data[CONVERSATIONS_KEY], { format: CONVERSATIONS_FORMAT, conversations: [good('a')] }, 'the history is not rewritten');
      assert.deepEqual(state.data['askModel.conversations.inFlight'], { format: CONVERSATIONS_FORMAT, conversations: [inFlight('b', 5, 'Half')] });
      assert.deepEqual(store.list().map((c) => c.id), ['b', 'a']);
    });

    it('after a reload it is in the history, its answer interrupted; the history is written and the copy cleared', async () => {
      const state = memento({ [CONVERSATIONS_KEY]: { format: CONVERSATIONS_FORMAT, conversations: [good('a')] } });
      await new ConversationStore(state, () => undefined).saveAhead(inFlight('b', 5, 'Half'));
      const told: string[] = [];
      const reloaded = new ConversationStore(state, (problem) => told.push(problem));
      const [first] = reloaded.list();
      assert.equal(first?.id, 'b');
      assert.deepEqual([first?.turns[1]?.text, first?.turns[1]?.role === 'assistant' && first.turns[1].status], ['Half', 'interrupted']);
      await reloaded.delete('nothing');
      assert.deepEqual(told, []);
      assert.equal(state.data['askModel.conversations.inFlight'], undefined);
      assert.deepEqual(
        (state.data[CONVERSATIONS_KEY] as { conversations: Conversation[] }).conversations.map((c) => c.id),
        ['b', 'a'],
      );
    });

    it('the final save supersedes it: a reload never brings the older copy back', async () => {
      const state = memento({});
      const store = new ConversationStore(state, () => undefined);
      await store.saveAhead(inFlight('b', 5, 'Half'));
      await store.save(good('b', 6));
      assert.equal(state.data['askModel.conversations.inFlight'], undefined);
      // A copy left behind (the process died between the two writes) is older than the history's, so it loses.
      state.data['askModel.conversations.inFlight'] = { format: CONVERSATIONS_FORMAT, conversations: [inFlight('b', 5, 'Half')] };
      assert.deepEqual(new ConversationStore(state, () => undefined).list(), [good('b', 6)]);
    });

    it('an unreadable copy is kept aside, not dropped, and the user told where', async () => {
      const state = memento({ 'askModel.conversations.inFlight': { format: CONVERSATIONS_FORMAT, conversations: [{ id: 'x', turns: 'nope' }] } });
      const told: string[] = [];
      const store = new ConversationStore(state, (problem) => told.push(problem));
      assert.deepEqual(store.list(), []);
      await store.save(good('a'));
      assert.match(told[0] ?? '', /in progress/);
      assert.deepEqual((state.data[KEPT_ASIDE_KEY] as { items: unknown[] }[]).map((entry) => entry.items), [[{ id: 'x', turns: 'nope' }]]);
    });
  });

  describe('the history under the key earlier versions used', () => {
    it('is read from there and moved on the first load: written under the new key first, then the old one cleared', async () => {
      const stored = { format: CONVERSATIONS_FORMAT, conversations: [good('b', 5), good('a')] };
      const state = memento({ [FORMER_CONVERSATIONS_KEY]: stored });
      const writes: string[] = [];
      const update = state.update.bind(state);
      state.update = (key: string, value: unknown) => (writes.push(`${key}=${value === undefined ? 'cleared' : 'set'}`), update(key, value));
      const store = new ConversationStore(state, () => assert.fail('nothing to report'));
      assert.deepEqual(store.list().map((c) => c.id), ['b', 'a']);
      await store.save(good('c', 9));
      assert.deepEqual(writes.slice(0, 3), [`${CONVERSATIONS_KEY}=set`, 'askModel.conversations.inFlight=cleared', `${FORMER_CONVERSATIONS_KEY}=cleared`]);
      assert.equal(state.data[FORMER_CONVERSATIONS_KEY], undefined);
      assert.deepEqual((state.data[CONVERSATIONS_KEY] as { conversations: Conversation[] }).conversations.map((c) => c.id), ['c', 'b', 'a']);
      assert.deepEqual(new ConversationStore(state, () => undefined).list().map((c) => c.id), ['c', 'b', 'a'], 'a reload reads the new key');
    });

    it('is moved even when nothing else is saved, and an old bare array is upgraded on the way', async () => {
      const state = memento({ [FORMER_CONVERSATIONS_KEY]: [format1('a')] });
      const store = new ConversationStore(state, () => undefined);
      await store.delete('nothing');
      assert.deepEqual(state.data[CONVERSATIONS_KEY], { format: CONVERSATIONS_FORMAT, conversations: [migrated('a')] });
      assert.equal(state.data[FORMER_CONVERSATIONS_KEY], undefined);
    });

    it('an unreadable old history is kept aside before the old key is cleared', async () => {
      const state = memento({ [FORMER_CONVERSATIONS_KEY]: 'garbage' });
      const told: string[] = [];
      await new ConversationStore(state, (problem) => told.push(problem)).delete('nothing');
      assert.equal(told.length, 1);
      assert.deepEqual((state.data[KEPT_ASIDE_KEY] as { items: unknown[] }[]).map((entry) => entry.items), [['garbage']]);
      assert.equal(state.data[FORMER_CONVERSATIONS_KEY], undefined);
    });

    it('is left alone once the new key holds the history', async () => {
      const state = memento({ [CONVERSATIONS_KEY]: { format: CONVERSATIONS_FORMAT, conversations: [good('new')] }, [FORMER_CONVERSATIONS_KEY]: { format: CONVERSATIONS_FORMAT, conversations: [good('old')] } });
      const store = new ConversationStore(state, () => undefined);
      assert.deepEqual(store.list().map((c) => c.id), ['new']);
      await store.delete('nothing');
      assert.deepEqual(state.data[FORMER_CONVERSATIONS_KEY], { format: CONVERSATIONS_FORMAT, conversations: [good('old')] });
    });
  });

  it('an old bare-array store is read without a problem and saved in the current format', async () => {
    const state = memento({ [CONVERSATIONS_KEY]: [format1('a')] });
    const told: string[] = [];
    const store = new ConversationStore(state, (problem) => told.push(problem));
    await store.delete('nothing');
    assert.deepEqual(told, []);
    assert.deepEqual(state.data[CONVERSATIONS_KEY], { format: CONVERSATIONS_FORMAT, conversations: [migrated('a')] });
    assert.equal(state.data[KEPT_ASIDE_KEY], undefined);
  });
});
