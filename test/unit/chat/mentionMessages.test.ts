import assert from 'node:assert/strict';
import { chipLabel, userMessageContent } from '../../../src/core/chat/conversation';
import { parseHostMessage, parseViewMessage } from '../../../src/core/chat/webviewProtocol';
import type { ContextChip } from '../../../src/core/chat/chatTurns';

const chip = (fields: Partial<ContextChip> & Pick<ContextChip, 'kind'>): ContextChip => ({ id: 'c', label: '', path: '', languageId: '', startLine: 0, endLine: 0, text: 'TEXT', truncatedCharacters: 0, ...fields });

describe('mention chips in the message and the protocol', () => {
  it('heads each kind of chip with what it is, as the model reads it', () => {
    const content = userMessageContent({
      id: 'u',
      role: 'user',
      text: 'Why?',
      context: [
        chip({ kind: 'folder', path: 'src/util', label: 'src/util/' }),
        chip({ kind: 'symbol', path: 'src/a.ts', label: 'greet', startLine: 2, endLine: 4, languageId: 'typescript' }),
        chip({ kind: 'problems', label: 'problems', truncatedCharacters: 12 }),
        chip({ kind: 'problems', label: 'problems', path: 'src/a.ts', startLine: 3, endLine: 5 }),
        chip({ kind: 'changes', label: 'changes', languageId: 'diff' }),
        chip({ kind: 'terminal', path: 'bash', label: 'terminal' }),
      ],
    });
    assert.equal(
      content,
      [
        'Why?',
        'The files in the folder src/util:\n```\nTEXT\n```',
        'greet, src/a.ts lines 2–4:\n```typescript\nTEXT\n```',
        'The errors and warnings VS Code reports in the workspace (cut short: 12 characters left out):\n```\nTEXT\n```',
        'The errors and warnings VS Code reports in src/a.ts, lines 3–5:\n```\nTEXT\n```',
        'The uncommitted changes in the working tree (git diff):\n```diff\nTEXT\n```',
        'The last command in the terminal "bash" and its output:\n```\nTEXT\n```',
      ].join('\n\n'),
    );
  });

  it('labels a chip by its kind', () => {
    assert.equal(chipLabel({ kind: 'folder', path: 'src/util', startLine: 0, endLine: 0 }), 'src/util/');
    assert.equal(chipLabel({ kind: 'changes', path: '', startLine: 0, endLine: 0 }), 'changes');
    assert.equal(chipLabel({ kind: 'selection', path: 'src/a.ts', startLine: 1, endLine: 3 }), 'a.ts:1-3');
  });

  it('accepts the completion messages and refuses them malformed', () => {
    assert.ok(parseViewMessage({ type: 'completeInput', requestId: 3, trigger: '@', query: 'src/he' }).ok);
    assert.ok(parseViewMessage({ type: 'attachMention', itemId: 'm12' }).ok);
    for (const bad of [
      { type: 'completeInput', requestId: 1.5, trigger: '@', query: '' },
      { type: 'completeInput', requestId: 1, trigger: '#', query: '' },
      { type: 'completeInput', requestId: 1, trigger: '@', query: 'x'.repeat(121) },
      { type: 'attachMention', itemId: 'm1', path: '/etc/passwd' },
    ]) {
      assert.equal(parseViewMessage(bad).ok, false, JSON.stringify(bad));
    }
    assert.ok(parseHostMessage({ type: 'completionItems', requestId: 3, items: [{ id: 'm1', kind: 'file', label: 'a.ts', detail: 'src/a.ts' }] }).ok);
    assert.equal(parseHostMessage({ type: 'completionItems', requestId: 3, items: [{ id: 'm1', kind: 'url', label: 'x' }] }).ok, false);
  });
});
