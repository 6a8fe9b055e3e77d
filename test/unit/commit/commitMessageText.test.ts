// What the model wraps around a commit message comes off before it reaches the input box: fences, an introducing
// line, quotes around the whole; the message itself (its body, a quoted word, a colon in its subject) stays. While the
// answer streams, a fence is hidden from its first backtick.
import assert from 'node:assert/strict';
import { CommitMessageAnswer } from '../../../src/core/commit/commitMessageAnswer';
import { EmptyCommitMessageError } from '../../../src/core/commit/commitErrors';
import { cleanCommitMessage } from '../../../src/core/commit/commitMessageText';
import type { ChatDone } from '../../../src/core/stream/events';
import { doneWith } from '../../support/chatDone';

describe('commit message text', () => {
  const cases: [string, string, string][] = [
    ['a plain message', 'Add the commit button\n\nIt writes the message from the staged diff.\n', 'Add the commit button\n\nIt writes the message from the staged diff.'],
    ['a fenced message', '```\nfix: trim the input\n```', 'fix: trim the input'],
    ['a fence with a language', '```text\nfix: trim the input\n\nBody line.\n```\n', 'fix: trim the input\n\nBody line.'],
    ['a tilde fence', '~~~\nfix: x\n~~~', 'fix: x'],
    ['an introducing line and a fence', "Here's a commit message for these changes:\n\n```\nfeat: add export\n```", 'feat: add export'],
    ['an introducing line alone', 'Commit message:\nfeat: add export', 'feat: add export'],
    ['double quotes around it', '"Fix the parser"', 'Fix the parser'],
    ['single backticks around it', '`Fix the parser`', 'Fix the parser'],
    ['typographic quotes', '“Fix the parser”', 'Fix the parser'],
    ['quotes inside the message', 'Say "hello" in the greeting', 'Say "hello" in the greeting'],
    ['quoted words at both ends', '"a" and "b"', '"a" and "b"'],
    ['a subject with a colon', 'fix(commit): keep the colon', 'fix(commit): keep the colon'],
    ['Windows line ends and trailing spaces', 'Subject  \r\n\r\nBody  \r\n', 'Subject\n\nBody'],
  ];
  for (const [name, answer, message] of cases) {
    it(`cleans ${name}`, () => assert.equal(cleanCommitMessage(answer), message));
  }

  it('keeps a line ending in a colon that introduces nothing', () => {
    assert.equal(cleanCommitMessage('Here is the commit message:'), 'Here is the commit message:');
  });

  it('while streaming, hides a fence from its first backtick and never shows a closing one', () => {
    const answer = '```text\nfeat: stream it\n\nBody.\n```';
    const shown = Array.from({ length: answer.length + 1 }, (_, end) => cleanCommitMessage(answer.slice(0, end), { partial: true }));
    for (const text of shown) assert.ok(!text.includes('`'), `no backtick shown: ${JSON.stringify(text)}`);
    assert.equal(shown.at(-1), 'feat: stream it\n\nBody.');
    assert.equal(cleanCommitMessage('`', { partial: true }), '');
  });
});

describe('commit message answer', () => {
  const done: ChatDone = doneWith({});

  it('shows the cleaned text as it grows, only when it changed, and the finished message', () => {
    const answer = new CommitMessageAnswer();
    assert.equal(answer.add([{ type: 'reasoning', text: 'thinking…' }]), undefined, 'reasoning is not part of the message');
    assert.equal(answer.add([{ type: 'text', text: '```\n' }]), undefined);
    assert.equal(answer.add([{ type: 'text', text: 'fix: a' }]), 'fix: a');
    assert.equal(answer.add([{ type: 'text', text: 'b\n``' }]), 'fix: ab');
    assert.equal(answer.add([{ type: 'text', text: '`' }, { type: 'done', done }]), undefined);
    assert.equal(answer.done, done);
    assert.equal(answer.message('m'), 'fix: ab');
  });

  it('an answer with no message is an error naming the model and the setting', () => {
    const answer = new CommitMessageAnswer();
    answer.add([{ type: 'text', text: '```\n\n```' }, { type: 'done', done }]);
    assert.throws(() => answer.message('tiny-model'), (error: unknown) => error instanceof EmptyCommitMessageError && /tiny-model.*askModel\.commitModel/.test(error.message));
  });
});
