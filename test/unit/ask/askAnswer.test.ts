// Ask Model's answer through its ports: the document's header, text, reasoning blocks and footer; the notes a stopped,
// closed or failed answer ends with; what is shown, reported and logged on the way.
import assert from 'node:assert/strict';
import { answerHeader, AnswerWriter, askAnswer } from '../../../src/core/ask/askAnswer';
import type { CodeContext } from '../../../src/core/ask/askPrompt';
import { fakeAskPorts } from '../../support/fakes/ask/fakeAskPorts';
import { formatTokenCount } from '../../../src/core/catalogue/formatModelDetail';
import { doneEvent, fakeRun, textAnswer, toolCallAnswer } from '../../support/fakes/run/fakeRun';
import { roundLimitNotice } from '../../../src/core/tools/toolResultTexts';

const CODE: CodeContext = { languageId: 'typescript', path: 'src/app.ts', code: 'const a = 1;\nconst b = 2;', startLine: 3, endLine: 4, wholeFile: false, truncatedCharacters: 0 };
const HEADER = '**What is b?**\n\n_About src/app.ts, lines 3–4_\n\n---\n\n';
const FOOTER = 'model fake-model · tokens 3/2/5 (prompt/completion/total) · first token 20 ms · total 30 ms';

describe('askAnswer', () => {
  it('opens the answer under its header, streams the text in and ends it with the footer', async () => {
    const { run, answered } = fakeRun({ surface: 'ask-model', answers: [textAnswer('b is ', 'two.')] });
    const ports = fakeAskPorts({ prepare: run });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    const [sink] = ports.sinks;
    assert.equal(sink?.title, 'What is b?');
    assert.equal(sink.text, `${HEADER}b is two.\n\n---\n_${FOOTER}_\n`);
    assert.equal(sink.finished, 1);
    assert.deepEqual({ status: outcome.status, answer: outcome.answer, footer: outcome.footer }, { status: 'done', answer: 'b is two.', footer: FOOTER });
    assert.equal(outcome.sink, sink);
    assert.deepEqual(ports.progress.titles, ['Ask Model: asking fake-model…']);
    assert.deepEqual(ports.progress.reports, ['answering…'], 'said once, when the text begins');
    assert.equal(answered.length, 1, 'the run records the answer');
    assert.deepEqual(ports.shown, []);
    assert.deepEqual(ports.errors, []);
  });

  it('sends the question with the code to the model', async () => {
    const { run, model } = fakeRun({ surface: 'ask-model', answers: [textAnswer('Two.')] });
    await askAnswer(fakeAskPorts({ prepare: run }), 'What is b?', CODE);
    const user = model.requests[0]?.messages.at(-1);
    assert.equal(user?.role, 'user');
    assert.match(String(user?.content), /^What is b\?\n\nsrc\/app\.ts, lines 3–4:\n```typescript\nconst a = 1;\nconst b = 2;\n```$/);
  });

  it("adds the window's share to the footer once the window is known", async () => {
    const { run } = fakeRun({ surface: 'ask-model', answers: [textAnswer('Two.')], window: { contextWindow: 8192 } });
    const outcome = await askAnswer(fakeAskPorts({ prepare: run }), 'What is b?', CODE);
    assert.ok(outcome.footer?.startsWith(`${FOOTER} · context `), outcome.footer);
    assert.ok(outcome.footer?.endsWith(` / ${formatTokenCount(8192)}`), outcome.footer);
  });

  it('quotes the reasoning as a block before the text', async () => {
    const answer = { batches: [[{ type: 'reasoning' as const, text: 'b is set\nto 2' }], [{ type: 'text' as const, text: 'Two.' }], [doneEvent()]] };
    const { run } = fakeRun({ surface: 'ask-model', answers: [answer] });
    const ports = fakeAskPorts({ prepare: run });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    assert.equal(ports.sinks[0]?.text, `${HEADER}> **Reasoning**\n> b is set\n> to 2\n\nTwo.\n\n---\n_${FOOTER}_\n`);
    assert.equal(outcome.answer, 'Two.', 'the reasoning is not the answer');
  });

  it('puts the round limit notice above the footer when the model calls a tool it was not offered', async () => {
    const { run } = fakeRun({ surface: 'ask-model', answers: [toolCallAnswer(['c1', 'read_file', '{"path":"src/app.ts"}'])] });
    const ports = fakeAskPorts({ prepare: run });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    assert.equal(outcome.status, 'done');
    assert.ok(ports.sinks[0]?.text.endsWith(`\n\n_(${roundLimitNotice(0)})_\n\n---\n_model fake-model · tokens 3/2/5 (prompt/completion/total) · first token 20 ms · total 30 ms · finish tool_calls_\n`), ports.sinks[0]?.text);
  });

  it('says when only the start of a long file was sent, and the header says so too', async () => {
    const code = { ...CODE, wholeFile: true, code: 'x'.repeat(100), truncatedCharacters: 50 };
    const { run } = fakeRun({ surface: 'ask-model', answers: [textAnswer('Ok.')] });
    const ports = fakeAskPorts({ prepare: run });
    await askAnswer(ports, 'Why?', code);
    assert.deepEqual(ports.shown, ['Ask Model: src/app.ts is long; only its first 100 characters were sent.']);
    assert.equal(ports.sinks[0]?.header, '**Why?**\n\n_About src/app.ts (whole file, first 100 characters)_\n\n---\n\n');
  });

  it('keeps what arrived of a cancelled answer, and says it is partial', async () => {
    let batches = 0;
    const answer = { batches: [[{ type: 'text' as const, text: 'b is' }], [{ type: 'text' as const, text: ' two.' }], [doneEvent()]], gate: async () => void (batches++ === 1 && ports.progress.cancel()) };
    const { run } = fakeRun({ surface: 'ask-model', answers: [answer] });
    const ports = fakeAskPorts({ prepare: run });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    assert.equal(outcome.status, 'stopped');
    assert.equal(outcome.answer, 'b is');
    assert.equal(outcome.footer, undefined);
    assert.equal(ports.sinks[0]?.text, `${HEADER}b is\n\n_(stopped: the answer above is partial)_\n`);
    assert.equal(ports.sinks[0]?.finished, 1);
  });

  it('stops the request when the user closes the answer', async () => {
    const pieces = ['one', ' two', ' three', ' four'];
    const answer = { batches: [...pieces.map((text) => [{ type: 'text' as const, text }]), [doneEvent()]] };
    const { run, model } = fakeRun({ surface: 'ask-model', answers: [answer] });
    const ports = fakeAskPorts({ prepare: run, afterAppend: (sink) => (sink.isOpen = !sink.text.includes('two')) });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    assert.equal(outcome.status, 'stopped');
    assert.equal(model.requests.length, 1);
    // The event after the close is not written: the request is stopped instead.
    assert.ok(!ports.sinks[0]?.text.includes('three'));
  });

  it('ends a failed answer with the error, logs it and hands it back with what arrived', async () => {
    const failure = new Error('connection reset');
    const { run } = fakeRun({ surface: 'ask-model', answers: [{ batches: [[{ type: 'text', text: 'b is' }]], error: failure }] });
    const ports = fakeAskPorts({ prepare: run });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.error, failure);
    assert.equal(outcome.answer, 'b is');
    assert.equal(ports.sinks[0]?.text, `${HEADER}b is\n\n_(failed: connection reset)_\n`);
    assert.deepEqual(ports.errors, ['ask-model: connection reset']);
  });

  it('opens no answer when the run cannot be prepared, and hands the error back unlogged', async () => {
    const failure = new Error('askModel.extraBody cannot set "model"');
    const ports = fakeAskPorts({ prepare: { error: failure } });
    const outcome = await askAnswer(ports, 'What is b?', CODE);
    assert.deepEqual(outcome, { status: 'error', error: failure });
    assert.deepEqual(ports.sinks, []);
    assert.deepEqual(ports.errors, []);
  });

  it('is cancelled, with nothing opened, when no model was picked', async () => {
    const ports = fakeAskPorts({ prepare: 'declined' });
    assert.deepEqual(await askAnswer(ports, 'What is b?', CODE), { status: 'cancelled' });
    assert.deepEqual(ports.sinks, []);
    assert.deepEqual(ports.progress.titles, []);
  });
});

describe('answerHeader', () => {
  it('names the question on one line and the lines asked about', () => {
    assert.equal(answerHeader('What is\nb?', CODE), '**What is b?**\n\n_About src/app.ts, lines 3–4_\n\n---\n\n');
  });

  it('names a whole file, and its cut when it was cut', () => {
    assert.equal(answerHeader('Why?', { ...CODE, wholeFile: true }), '**Why?**\n\n_About src/app.ts (whole file)_\n\n---\n\n');
    assert.equal(answerHeader('Why?', { ...CODE, wholeFile: true, truncatedCharacters: 9 }), `**Why?**\n\n_About src/app.ts (whole file, first ${CODE.code.length} characters)_\n\n---\n\n`);
  });
});

describe('AnswerWriter', () => {
  it("gives each round's reasoning a block of its own, and leaves the text out of the quote", () => {
    const appended: string[] = [];
    const writer = new AnswerWriter({ append: (text) => appended.push(text) });
    writer.write({ type: 'roundStart', round: 1 });
    writer.write({ type: 'reasoning', round: 1, text: 'First' });
    writer.write({ type: 'reasoning', round: 1, text: ' thought\nhere' });
    writer.write({ type: 'roundStart', round: 2 });
    writer.write({ type: 'reasoning', round: 2, text: 'Second' });
    assert.equal(writer.write({ type: 'text', round: 2, text: 'Answer' }), 'first text');
    assert.equal(writer.write({ type: 'text', round: 2, text: ' more' }), undefined);
    assert.equal(appended.join(''), '> **Reasoning**\n> First thought\n> here\n\n> **Reasoning**\n> Second\n\nAnswer more');
    assert.equal(writer.text, 'Answer more');
  });

  it('writes nothing at a round start that follows text', () => {
    const appended: string[] = [];
    const writer = new AnswerWriter({ append: (text) => appended.push(text) });
    writer.write({ type: 'text', round: 1, text: 'A' });
    writer.write({ type: 'roundStart', round: 2 });
    writer.write({ type: 'text', round: 2, text: 'B' });
    assert.deepEqual(appended, ['A', 'B']);
  });
});
