// Edit Selection through its ports: the lines around the selection the prompt shows, the file marked as read, a
// progress line per tool call, the calls counted by how they ended, and the one message that ends the edit.
import assert from 'node:assert/strict';
import { finalMessage, runEditSelection, surroundingLines } from '../../../src/core/ask/editSelection';
import { fakeEditSelectionPorts } from '../../support/fakes/ask/fakeAskPorts';
import { doneEvent, fakeRun, textAnswer, toolCallAnswer, type ScriptedAnswer } from '../../support/fakes/run/fakeRun';
import type { PreparedRun } from '../../../src/core/run/preparedRun';
import { roundLimitNotice } from '../../../src/core/tools/toolResultTexts';
import type { ValidToolCall } from '../../../src/core/tools/validateToolCall';

const LINES = Array.from({ length: 100 }, (_, index) => `line ${index + 1}`);
const EDIT_TOOLS: PreparedRun['tools'] = { needsApproval: (call: ValidToolCall) => call.kind === 'edit', maxRounds: 3 };
const READ = ['c1', 'read_file', '{"path":"src/app.ts"}'] as [string, string, string];
const REPLACE = ['c2', 'replace_in_file', '{"path":"src/app.ts","old_text":"line 50","new_text":"line fifty"}'] as [string, string, string];

function edit(answers: ScriptedAnswer[], options: { maxRounds?: number; decide?: Parameters<typeof fakeEditSelectionPorts>[0]['decide'] } = {}) {
  const fake = fakeRun({ surface: 'edit-selection', answers, tools: { ...EDIT_TOOLS!, maxRounds: options.maxRounds ?? 3 } });
  const ports = fakeEditSelectionPorts({ prepare: fake.run, code: { lines: LINES, startLine: 49, endLine: 50 }, ...(options.decide ? { decide: options.decide } : {}) });
  return { ports, ...fake };
}

describe('runEditSelection', () => {
  it('shows the model the selection and the 30 lines either side, numbered from 1, and marks the file read', async () => {
    const { ports, model } = edit([textAnswer('Nothing to change.')]);
    await runEditSelection(ports, '  rename it  ');
    const user = String(model.requests[0]?.messages.at(-1)?.content);
    assert.ok(user.startsWith('rename it\n\nFile src/app.ts; the selection is lines 50–51:\n```typescript\nline 50\nline 51\n```\n'), user);
    assert.ok(user.includes('Lines 20–81 around it, for context:\n```typescript\nline 20\n'), user);
    assert.ok(user.endsWith('line 81\n```'), user);
    assert.equal(ports.code.reads, 1);
    assert.deepEqual(ports.progress.titles, ['Ask Model: editing with fake-model…']);
  });

  it('says what the model said last, and counts each call once, by how it ended', async () => {
    const { ports, answered } = edit([toolCallAnswer(READ, REPLACE), textAnswer('Renamed line 50.')]);
    const outcome = await runEditSelection(ports, 'rename');
    assert.deepEqual(outcome, { status: 'done', rounds: 2, text: 'Renamed line 50.', calls: { done: 2 } });
    assert.deepEqual(ports.information, ['Ask Model: Renamed line 50.']);
    assert.deepEqual(ports.warnings, []);
    assert.deepEqual(ports.ran, ['c1', 'c2']);
    // A progress line per change of a call's status; only the final ones are counted.
    assert.deepEqual(ports.progress.reports, [
      'read_file: queued',
      'replace_in_file: queued',
      'read_file: running',
      'read_file: done',
      'replace_in_file: running',
      'replace_in_file: awaiting-approval',
      'replace_in_file: running',
      'replace_in_file: done',
    ]);
    assert.equal(answered.length, 2);
  });

  it('counts a rejected edit as rejected', async () => {
    const { ports } = edit([toolCallAnswer(REPLACE), textAnswer('Left it.')], { decide: async () => ({ approved: false }) });
    const outcome = await runEditSelection(ports, 'rename');
    assert.deepEqual(outcome.calls, { rejected: 1 });
  });

  it("keeps only the last round's words: text before a tool call is not the summary, and silence after calls shows nothing", async () => {
    const first: ScriptedAnswer = { batches: [[{ type: 'text', text: 'Let me look.' }], ...toolCallAnswer(READ).batches] };
    const { ports } = edit([first, { batches: [[doneEvent()]] }]);
    const outcome = await runEditSelection(ports, 'rename');
    assert.equal(outcome.text, '');
    assert.deepEqual(outcome.calls, { done: 1 });
    assert.deepEqual([...ports.information, ...ports.warnings], []);
  });

  it('warns when the model refused', async () => {
    const { ports } = edit([{ batches: [[{ type: 'text', text: 'I cannot do that.' }], [doneEvent({ refused: true })]] }]);
    await runEditSelection(ports, 'rename');
    assert.deepEqual(ports.warnings, ['Ask Model: the model refused: I cannot do that.']);
    assert.deepEqual(ports.information, []);
  });

  it('warns when the model said nothing and changed nothing, with the finish reason when it was not stop', async () => {
    const silent = edit([{ batches: [[doneEvent()]] }]);
    await runEditSelection(silent.ports, 'rename');
    assert.deepEqual(silent.ports.warnings, ['Ask Model: the model answered with no text and changed nothing.']);
    const cut = edit([{ batches: [[doneEvent({ finishReason: 'length' })]] }]);
    await runEditSelection(cut.ports, 'rename');
    assert.deepEqual(cut.ports.warnings, ['Ask Model: the model answered with no text and changed nothing (finish length).']);
  });

  it('shows the round limit notice when the model wants more rounds than allowed', async () => {
    const { ports } = edit([toolCallAnswer(READ), toolCallAnswer(['c3', 'read_file', '{"path":"src/app.ts"}']), textAnswer('Done.')], { maxRounds: 1 });
    const outcome = await runEditSelection(ports, 'rename');
    assert.equal(outcome.status, 'max-rounds');
    assert.deepEqual(ports.warnings, [`Ask Model: ${roundLimitNotice(1)}`]);
    assert.deepEqual(outcome.calls, { done: 1, skipped: 1 });
  });

  it('logs a failed answer and hands the error back, with nothing else shown', async () => {
    const failure = new Error('server went away');
    const { ports } = edit([{ batches: [[{ type: 'text', text: 'Working' }]], error: failure }]);
    const outcome = await runEditSelection(ports, 'rename');
    assert.deepEqual(outcome, { status: 'error', error: failure });
    assert.deepEqual(ports.errors, ['edit-selection: server went away']);
    assert.deepEqual([...ports.information, ...ports.warnings], []);
  });

  it('logs a run that cannot be prepared the same way, before reading the file', async () => {
    const failure = new Error('bad setting');
    const ports = fakeEditSelectionPorts({ prepare: { error: failure }, code: { lines: LINES } });
    assert.deepEqual(await runEditSelection(ports, 'rename'), { status: 'error', error: failure });
    assert.deepEqual(ports.errors, ['edit-selection: bad setting']);
    assert.equal(ports.code.reads, 0);
  });

  it('is cancelled when no model was picked, without reading the file or showing progress', async () => {
    const ports = fakeEditSelectionPorts({ prepare: 'declined', code: { lines: LINES } });
    assert.deepEqual(await runEditSelection(ports, 'rename'), { status: 'cancelled' });
    assert.equal(ports.code.reads, 0);
    assert.deepEqual(ports.progress.titles, []);
  });
});

describe('surroundingLines', () => {
  it('takes 30 lines each side of the selection', () => {
    assert.deepEqual(surroundingLines(49, 50, 100), { first: 19, last: 80 });
  });

  it('stops at the start and the end of the file', () => {
    assert.deepEqual(surroundingLines(3, 3, 10), { first: 0, last: 9 });
    assert.deepEqual(surroundingLines(0, 0, 1), { first: 0, last: 0 });
  });
});

describe('finalMessage', () => {
  const done = { outcome: 'done' as const };

  it('shows what the model said, cut to 400 characters', () => {
    assert.deepEqual(finalMessage(done, undefined, `  ${'a'.repeat(500)}  `, {}), { level: 'information', text: `Ask Model: ${'a'.repeat(400)}` });
  });

  it('puts the round limit first, then a refusal, then the words', () => {
    assert.deepEqual(finalMessage({ outcome: 'max-rounds', notice: 'Stopped after 3 rounds.' }, { refused: true, finishReason: 'stop' }, 'No.', { done: 1 }), { level: 'warning', text: 'Ask Model: Stopped after 3 rounds.' });
    assert.deepEqual(finalMessage(done, { refused: true, finishReason: 'stop' }, 'No.', {}), { level: 'warning', text: 'Ask Model: the model refused: No.' });
  });

  it('says nothing when the model was silent but called tools, or was stopped', () => {
    assert.equal(finalMessage(done, { refused: false, finishReason: 'stop' }, ' ', { done: 1 }), undefined);
    assert.equal(finalMessage({ outcome: 'stopped' }, undefined, '', {}), undefined);
  });
});
