import assert from 'node:assert/strict';
import { MAX_CONVERSATIONS, removeConversation, upsertConversation } from '../../../src/core/chat/conversationArchive';
import { emptyAssistantTurn, newConversation, titleFrom, toChatMessages, turnsForRetry, userMessageContent } from '../../../src/core/chat/conversation';
import type { FileEdit } from '../../../src/core/chat/answerEdits';
import type { AssistantTurn, ContextChip, ToolCard, Turn, UserTurn } from '../../../src/core/chat/chatTurns';
import type { ChatMessage } from '../../../src/core/protocol/messages';

const user = (id: string, text: string, context: ContextChip[] = []): UserTurn => ({ id, role: 'user', text, context });
const assistant = (id: string, text: string, status: AssistantTurn['status'] = 'done'): AssistantTurn => ({ ...emptyAssistantTurn(id), text, status });
const chip: ContextChip = { id: 'c', kind: 'selection', label: 'a.ts:2-3', path: 'src/a.ts', languageId: 'typescript', startLine: 2, endLine: 3, text: 'const x = "```";', truncatedCharacters: 0 };

describe('conversation model', () => {
  it('titles a conversation by the first line of its first message, cut short', () => {
    assert.equal(titleFrom('  How do I\nsecond line'), 'How do I');
    assert.equal(titleFrom(''), 'New chat');
    assert.equal(titleFrom('x'.repeat(100)).length, 60);
  });

  it('fences attached context with its language and place, safely around backticks in the code', () => {
    const content = userMessageContent(user('u', 'Explain', [chip]));
    assert.equal(content, 'Explain\n\nsrc/a.ts, lines 2–3:\n````typescript\nconst x = "```";\n````');
  });

  it('builds the request messages: system, users, finished or stopped answers; never failed or streaming ones', () => {
    const turns: Turn[] = [user('1', 'a'), assistant('2', 'A'), user('3', 'b'), assistant('4', 'partial', 'stopped'), user('5', 'c'), assistant('6', 'broken', 'error'), user('7', 'd'), assistant('8', '', 'streaming')];
    assert.deepEqual(toChatMessages('Be brief.', turns), [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'A' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'partial' },
      { role: 'user', content: 'c' },
      { role: 'user', content: 'd' },
    ]);
    assert.equal(toChatMessages('  ', [user('1', 'a')])[0]?.role, 'user');
  });

  it('Retry resends the last user message after a failed or stopped answer, keeping the prompt', () => {
    const failed: Turn[] = [user('1', 'a'), assistant('2', 'A'), user('3', 'b'), assistant('4', '', 'error')];
    assert.deepEqual(turnsForRetry(failed), { keep: failed.slice(0, 2), user: failed[2] });
    const unanswered: Turn[] = [user('1', 'a')];
    assert.deepEqual(turnsForRetry(unanswered), { keep: [], user: unanswered[0] });
    assert.equal(turnsForRetry([user('1', 'a'), assistant('2', 'A')]), undefined);
    assert.equal(turnsForRetry([]), undefined);
  });

  it('Retry goes on with an interrupted answer from its last finished round of tool calls, as it stood then', () => {
    const rounds: ChatMessage[] = [
      { role: 'assistant', content: 'Reading.', reasoning_content: 'Which file?', tool_calls: [{ id: 'r1', type: 'function', function: { name: 'read_file', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'r1', content: 'x' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'e1', type: 'function', function: { name: 'create_file', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'e1', content: 'created' },
    ];
    const card = (id: string, status: ToolCard['status']): ToolCard => ({ id, name: 'read_file', summary: id, status, isEdit: false });
    const edit: FileEdit = { path: '/ws/b.ts', relativePath: 'b.ts', before: null, after: 'b', textsKept: true };
    const cut: AssistantTurn = {
      ...assistant('2', 'Reading.\n\nAlmost', 'interrupted'),
      reasoning: 'Which file?\n\nHm',
      toolCalls: [card('r1', 'done'), card('e1', 'done'), card('r2', 'running')],
      fileEdits: [edit],
      rules: [{ path: 'AGENTS.md' }],
      notice: 'old',
    };
    const turns: Turn[] = [user('1', 'a'), cut];
    assert.deepEqual(turnsForRetry(turns, { '2': rounds }), {
      keep: [],
      user: turns[0],
      continued: {
        turn: { ...emptyAssistantTurn('2'), text: 'Reading.', reasoning: 'Which file?', toolCalls: [card('r1', 'done'), card('e1', 'done')], fileEdits: [edit] },
        rounds,
      },
    });
    // Asked again from the user's message: without finished rounds, a stopped answer, a transcript of a whole answer.
    assert.equal(turnsForRetry(turns)?.continued, undefined);
    assert.equal(turnsForRetry([user('1', 'a'), { ...cut, status: 'stopped' }], { '2': rounds })?.continued, undefined);
    assert.equal(turnsForRetry(turns, { '2': [...rounds, { role: 'assistant', content: 'Done.' }] })?.continued, undefined);
  });
});

describe('conversation archive', () => {
  const conversation = (id: string, updatedAt: number, text = 'x') => ({ ...newConversation(id, updatedAt), updatedAt, turns: [user(`${id}-u`, text)] });

  it('keeps the newest first, replaces older copies, skips empty conversations', () => {
    let archive = upsertConversation([], conversation('a', 1));
    archive = upsertConversation(archive, conversation('b', 2));
    archive = upsertConversation(archive, conversation('a', 3));
    archive = upsertConversation(archive, newConversation('empty', 4));
    assert.deepEqual(archive.map((c) => c.id), ['a', 'b']);
    assert.deepEqual(removeConversation(archive, 'a').map((c) => c.id), ['b']);
  });

  it('caps the number of conversations and their total size', () => {
    let archive = [] as ReturnType<typeof upsertConversation>;
    for (let i = 0; i < MAX_CONVERSATIONS + 10; i++) archive = upsertConversation(archive, conversation(`c${i}`, i));
    assert.equal(archive.length, MAX_CONVERSATIONS);
    assert.equal(archive[0]?.id, `c${MAX_CONVERSATIONS + 9}`);
    const huge = upsertConversation(archive, conversation('huge', 1e9, 'y'.repeat(3_999_950)));
    assert.equal(huge[0]?.id, 'huge');
    assert.ok(huge.length <= 6, 'older conversations make room for a large new one');
  });
});
