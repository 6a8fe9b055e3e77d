// The chat session keeps what an answer's edits did (per file: before the first, after the last) on the answer,
// stored with the conversation; the view learns only which files, and an import adds to the history and opens it.
import assert from 'node:assert/strict';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { readConversationExport, conversationJson } from '../../../src/core/chat/conversationTransfer';
import type { AssistantTurn } from '../../../src/core/chat/chatTurns';
import type { HostMessage } from '../../../src/core/chat/webviewProtocol';
import type { ToolOutcome } from '../../../src/core/tools/toolLoopTypes';
import { fakeSessionPorts, textAnswer, toolCallAnswer } from '../../support/fakes/chat/fakeChatSessionPorts';

describe('chat session: an answer’s edits', () => {
  it('records each changed file’s first before-text and last after-text on the answer, and tells the view the files', async () => {
    const outcomes: Record<string, ToolOutcome> = {
      e1: { status: 'done', content: 'ok', fileChange: { path: '/ws/a.ts', relativePath: 'a.ts', before: 'a0', after: 'a1' } },
      e2: { status: 'done', content: 'ok', fileChange: { path: '/ws/b.ts', relativePath: 'b.ts', before: null, after: 'b1' } },
      e3: { status: 'done', content: 'ok', fileChange: { path: '/ws/a.ts', relativePath: 'a.ts', before: 'a1', after: 'a2' } },
      r1: { status: 'done', content: 'read' },
      e4: { status: 'failed', content: 'did not fit' },
    };
    const ports = fakeSessionPorts({
      answers: [
        toolCallAnswer(['e1', 'replace_in_file', '{"path":"a.ts","old_text":"a0","new_text":"a1"}'], ['e2', 'create_file', '{"path":"b.ts","content":"b1"}']),
        toolCallAnswer(['r1', 'read_file', '{"path":"a.ts"}'], ['e3', 'replace_in_file', '{"path":"a.ts","old_text":"a1","new_text":"a2"}'], ['e4', 'replace_in_file', '{"path":"c.ts","old_text":"x","new_text":"y"}']),
        textAnswer('Done.'),
      ],
      tools: { needsApproval: () => false, maxRounds: 3 },
      runTool: async (call) => outcomes[call.id] ?? { status: 'failed', content: 'unscripted' },
    });
    const session = new ChatSession(ports);
    await session.send('change a and make b');

    const stored = ports.archive.list()[0];
    const answer = stored?.turns.at(-1) as AssistantTurn;
    assert.deepEqual(answer.fileEdits, [
      { path: '/ws/a.ts', relativePath: 'a.ts', before: 'a0', after: 'a2', textsKept: true },
      { path: '/ws/b.ts', relativePath: 'b.ts', before: null, after: 'b1', textsKept: true },
    ]);
    assert.deepEqual(session.answerEdits(answer.id)?.edits, answer.fileEdits);
    const last = ports.posted.filter((message): message is Extract<HostMessage, { type: 'turn' }> => message.type === 'turn').at(-1);
    assert.equal(last?.turn.role, 'assistant');
    assert.deepEqual(last?.turn.role === 'assistant' ? last.turn.editedFiles : undefined, ['a.ts', 'b.ts']);
    assert.equal(JSON.stringify(ports.posted).includes('a0'), false, 'the view is never sent the files’ texts');
    // An answer without edits offers nothing.
    assert.deepEqual(session.answerEdits(stored?.turns[0]?.id ?? '')?.edits, undefined);
  });

  it('an exported conversation imported back goes into the history under a new id and opens', async () => {
    const ports = fakeSessionPorts({ answers: [textAnswer('Hi.')] });
    const session = new ChatSession(ports);
    await session.send('hello');
    const original = session.conversationFor();
    assert.ok(original);
    const imported = readConversationExport(conversationJson(original), { existingIds: session.knownIds(), newId: () => 'imported-1', now: 9_999 });
    assert.ok(imported.ok);
    await session.importConversations(imported.conversations);
    assert.deepEqual(
      ports.archive.list().map((conversation) => conversation.id),
      ['imported-1', original.id],
    );
    assert.equal(session.state().conversationId, 'imported-1');
    assert.deepEqual(session.state().turns.map((turn) => turn.text), ['hello', 'Hi.']);
  });
});
