// Writing a commit message through its ports: the staged diff first, the working tree when nothing is staged, the
// recent messages as the hint, the answer streamed into the box cleaned; what the user had comes back on a failure,
// on an empty answer and on a stop before anything arrived; a stopped answer that had started stays.
import assert from 'node:assert/strict';
import { EmptyCommitMessageError, NoChangesError } from '../../../src/core/commit/commitErrors';
import { writeCommitMessage } from '../../../src/core/commit/writeCommitMessage';
import type { ChatEvent } from '../../../src/core/stream/events';
import { fakeCommitMessagePorts } from '../../support/fakes/commit/fakeCommitMessagePorts';
import { doneWith } from '../../support/chatDone';

const STAGED = 'diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old\n+new staged\n';
const WORKING = 'diff --git a/b.ts b/b.ts\n--- a/b.ts\n+++ b/b.ts\n@@ -1 +1 @@\n-old\n+new working\n';
const text = (value: string): ChatEvent => ({ type: 'text', text: value });
const done: ChatEvent = { type: 'done', done: doneWith({ model: 'served-model' }) };
const userMessage = (ports: ReturnType<typeof fakeCommitMessagePorts>): string => String(ports.asked[0]?.[1]?.content);

describe('writeCommitMessage', () => {
  it('writes the staged diff’s message into the box as it streams, then the cleaned message', async () => {
    const ports = fakeCommitMessagePorts({ staged: STAGED, workingTree: WORKING, messages: ['feat: earlier change'], answer: [[text('```\nfix: use')], [text(' the new value\n```')], [done]] });
    const outcome = await writeCommitMessage(ports, { model: 'm', signal: new AbortController().signal });
    assert.deepEqual(ports.written, ['fix: use', 'fix: use the new value', 'fix: use the new value']);
    assert.equal(ports.box, 'fix: use the new value');
    assert.equal(outcome.status, 'done');
    assert.equal(outcome.message, 'fix: use the new value');
    assert.equal(outcome.source, 'staged');
    assert.equal(outcome.done?.model, 'served-model');
    assert.ok(userMessage(ports).includes('+new staged') && !userMessage(ports).includes('+new working'), 'only the staged diff is sent');
    assert.ok(userMessage(ports).includes('- feat: earlier change'));
    assert.deepEqual(ports.logAsked, [20]);
  });

  it('uses the working tree when nothing is staged and says so', async () => {
    const ports = fakeCommitMessagePorts({ staged: '', workingTree: WORKING, answer: [[text('Change b'), done]] });
    const outcome = await writeCommitMessage(ports, { model: 'm', signal: new AbortController().signal });
    assert.equal(outcome.source, 'working-tree');
    assert.match(userMessage(ports), /changes in the working tree \(nothing is staged\):\n```diff\n.*\+new working/s);
  });

  it('with no changes at all, asks nothing and leaves the box alone', async () => {
    const ports = fakeCommitMessagePorts({ box: 'my draft' });
    await assert.rejects(writeCommitMessage(ports, { model: 'm', signal: new AbortController().signal }), NoChangesError);
    assert.deepEqual([ports.asked.length, ports.written.length, ports.box], [0, 0, 'my draft']);
  });

  it('a failure mid-answer puts back what the user had in the box', async () => {
    const failure = new Error('the stream broke');
    const ports = fakeCommitMessagePorts({ staged: STAGED, box: 'my draft', answer: [[text('Half a mess')]], failure });
    await assert.rejects(writeCommitMessage(ports, { model: 'm', signal: new AbortController().signal }), (error) => error === failure);
    assert.deepEqual(ports.written, ['Half a mess', 'my draft']);
  });

  it('an answer with no message is an error and the box keeps the user’s text', async () => {
    const ports = fakeCommitMessagePorts({ staged: STAGED, box: 'my draft', answer: [[text('""'), done]] });
    await assert.rejects(writeCommitMessage(ports, { model: 'tiny', signal: new AbortController().signal }), EmptyCommitMessageError);
    assert.equal(ports.box, 'my draft');
  });

  it('a stop keeps what arrived, and a stop before anything arrived leaves the box as it was', async () => {
    const controller = new AbortController();
    const ports = fakeCommitMessagePorts({ staged: STAGED, box: 'draft', answer: [[text('feat: part')], [text('ial')], [done]], beforeBatch: (index) => index === 1 && controller.abort() });
    const stopped = await writeCommitMessage(ports, { model: 'm', signal: controller.signal });
    assert.deepEqual([stopped.status, stopped.message, stopped.done, ports.box], ['stopped', 'feat: part', undefined, 'feat: part']);

    const early = new AbortController();
    early.abort();
    const untouched = fakeCommitMessagePorts({ staged: STAGED, box: 'draft', answer: [[text('x')], [done]] });
    const outcome = await writeCommitMessage(untouched, { model: 'm', signal: early.signal });
    assert.deepEqual([outcome.status, outcome.message, untouched.box, untouched.written], ['stopped', '', 'draft', []]);
  });

  it('reports the files cut or left out of the diff', async () => {
    const big = (path: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -0,0 +1 @@\n${'+0123456789\n'.repeat(60)}`;
    const ports = fakeCommitMessagePorts({ staged: big('one.ts') + big('two.ts'), answer: [[text('Add two files'), done]] });
    const outcome = await writeCommitMessage(ports, { model: 'm', signal: new AbortController().signal, limits: { maxFileCharacters: 500, maxTotalCharacters: 600 } });
    assert.deepEqual([outcome.cut, outcome.leftOut], [['one.ts'], ['two.ts']]);
  });
});
