// Export and import of a conversation: JSON is the stored format and comes back equal (a clashing id aside); the
// Markdown is for reading, with reasoning, tool calls and changed files folded; a file that is not an export, or a
// damaged one, is refused with a sentence that says what is wrong and where.
import assert from 'node:assert/strict';
import { conversationJson, readConversationExport } from '../../../src/core/chat/conversationTransfer';
import { conversationMarkdown } from '../../../src/core/chat/conversationMarkdown';
import { CONVERSATIONS_FORMAT } from '../../../src/core/chat/storedConversations';
import type { Conversation } from '../../../src/core/chat/conversation';

function sample(): Conversation {
  return {
    id: 'c1',
    title: 'Warmer greeting',
    createdAt: Date.UTC(2026, 10, 20, 9, 0),
    updatedAt: Date.UTC(2026, 10, 20, 9, 5),
    turns: [
      {
        id: 'u1',
        role: 'user',
        text: 'Make the greeting warmer.',
        context: [{ id: 'k1', kind: 'selection', label: 'hello.ts:1-3', path: 'hello.ts', languageId: 'typescript', startLine: 1, endLine: 3, text: 'return `Hello`;', truncatedCharacters: 0 }],
      },
      {
        id: 'a1',
        role: 'assistant',
        text: 'Made the greeting **warmer**.',
        reasoning: 'The user wants <warmth>.',
        status: 'done',
        answers: [],
        toolCalls: [{ id: 'call_1', name: 'replace_in_file', summary: 'hello.ts', status: 'done', preview: 'changed lines 2–2', isEdit: true }],
        fileEdits: [{ path: '/ws/hello.ts', relativePath: 'hello.ts', before: 'Hello', after: 'Hello there', textsKept: true }],
      },
    ],
    transcripts: {
      a1: [
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'replace_in_file', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Replaced lines 2–2 in "hello.ts".' },
        { role: 'assistant', content: 'Made the greeting **warmer**.' },
      ],
    },
  };
}

const options = (existing: string[] = []) => ({ existingIds: new Set(existing), newId: () => 'fresh', now: 5_000 });

describe('conversation export and import', () => {
  it('JSON is the stored format, and imports back as the same conversation', () => {
    const text = conversationJson(sample());
    const data = JSON.parse(text) as { format: number; conversations: unknown[] };
    assert.equal(data.format, CONVERSATIONS_FORMAT);
    assert.equal(data.conversations.length, 1);
    const imported = readConversationExport(text, options(['other']));
    assert.ok(imported.ok, imported.ok ? '' : imported.problem);
    assert.deepEqual(imported.conversations, [{ ...sample(), updatedAt: 5_000 }]);
  });

  it('gives an imported conversation a new id when the history already has its id, never replacing it', () => {
    const imported = readConversationExport(conversationJson(sample()), options(['c1']));
    assert.ok(imported.ok);
    assert.equal(imported.conversations[0]?.id, 'fresh');
    assert.deepEqual(imported.conversations[0]?.turns, sample().turns);
  });

  it('reads an older format (1: the answer’s line as text) as the store does', () => {
    const old = { format: 1, conversations: [{ id: 'o', title: 'Old', createdAt: 1, updatedAt: 2, turns: [{ id: 'a', role: 'assistant', text: 'hi', reasoning: '', status: 'done', footer: 'model-x · 3 tokens' }] }] };
    const imported = readConversationExport(JSON.stringify(old), options());
    assert.ok(imported.ok);
    const turn = imported.conversations[0]?.turns[0];
    assert.equal(turn?.role === 'assistant' ? turn.legacyFooter : undefined, 'model-x · 3 tokens');
  });

  it('refuses what is not an export, naming what is wrong and where', () => {
    const problem = (text: string): string => {
      const result = readConversationExport(text, options());
      assert.equal(result.ok, false);
      return result.ok ? '' : result.problem;
    };
    assert.match(problem('# Warmer greeting\n'), /^The file is not JSON \(.+\)\. Export a conversation as JSON to import it; a Markdown export is for reading only\.$/s);
    assert.equal(problem('[1, 2]'), 'The file is JSON but not an Ask Model conversation export: it has no "format" number at the top.');
    assert.equal(problem('{"format": 9, "conversations": []}'), `The file was exported by a newer version of Ask Model (format 9; this version reads up to ${CONVERSATIONS_FORMAT}). Update the extension to import it.`);
    assert.equal(problem('{"format": 3, "conversations": []}'), 'The file has no conversations: "conversations" should be a list with at least one.');
    const damaged = JSON.parse(conversationJson(sample())) as { conversations: { turns: { status?: string }[] }[] };
    const answer = damaged.conversations[0]?.turns[1];
    if (answer) answer.status = 'finished';
    assert.match(problem(JSON.stringify(damaged)), /^Conversation 1 of the file could not be read: conversations\[0\]\.turns\[1\]\.status: expected one of .*"done".*\.$/);
  });

  it('Markdown: each message under its author, with reasoning, tool calls (and results) and changed files folded', () => {
    const markdown = conversationMarkdown(sample());
    assert.equal(
      markdown,
      [
        '# Warmer greeting',
        '',
        'Exported from Ask Model. Started 2026-11-20 09:00 UTC, last message 2026-11-20 09:05 UTC.',
        '',
        '## You',
        '',
        'Make the greeting warmer.',
        '',
        '<details>',
        '<summary>Context: hello.ts, lines 1–3</summary>',
        '',
        '```typescript',
        'return `Hello`;',
        '```',
        '',
        '</details>',
        '',
        '## Ask Model',
        '',
        '<details>',
        '<summary>Reasoning</summary>',
        '',
        'The user wants <warmth>.',
        '',
        '</details>',
        '',
        '<details>',
        '<summary>Tool calls (1)</summary>',
        '',
        '- `replace_in_file` hello.ts — done: changed lines 2–2',
        '',
        '  ```',
        '  Replaced lines 2–2 in "hello.ts".',
        '  ```',
        '',
        '</details>',
        '',
        'Made the greeting **warmer**.',
        '',
        '<details>',
        '<summary>Files changed (1)</summary>',
        '',
        '- hello.ts',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
  });
});
