// An answer's document, in plain Node through the vscode shim: the answer is done once the editor shows it. VS Code
// shows an update when it asks for the content again, on its own time: on a busy machine that took more than the 2 s
// a flush used to wait, and Ask Model reported an answer done while its editor still showed part of it.
import '../../../../support/host/installShim';
import assert from 'node:assert/strict';
import { mock } from 'node:test';
import * as vscode from 'vscode';
import { AnswerDocument } from '../../../../../src/host/features/ask/answerDocument';
import type { AnswerDocuments } from '../../../../../src/host/features/ask/answerDocuments';

type Events = { changed: vscode.EventEmitter<{ document: unknown }>; closed: vscode.EventEmitter<unknown>; tabs: vscode.EventEmitter<unknown> };

/** One answer open in a tab, whose shown text changes only when the test says VS Code asked for it again. */
function answerInATab(): { answers: AnswerDocuments; document: { uri: vscode.Uri; shown: string; getText(): string }; events: Events; closeTab(): void } {
  const uri = vscode.Uri.parse('ask-model-answer:/answer-1.md');
  let text = '';
  const answers = {
    create: () => uri,
    append: (_: vscode.Uri, more: string) => void (text += more),
    text: () => text,
    finished: async () => undefined,
  } as unknown as AnswerDocuments;
  const document = { uri, shown: '', getText: () => document.shown };
  const events: Events = { changed: new vscode.EventEmitter(), closed: new vscode.EventEmitter(), tabs: new vscode.EventEmitter() };
  const tab = { input: new vscode.TabInputText(uri) };
  const group = { tabs: [tab] as unknown[] };
  Object.assign(vscode.workspace, {
    openTextDocument: async () => document,
    onDidChangeTextDocument: events.changed.event,
    onDidCloseTextDocument: events.closed.event,
  });
  Object.assign(vscode.window, { showTextDocument: async () => undefined });
  Object.assign(vscode.window.tabGroups, { all: [group], onDidChangeTabs: events.tabs.event });
  return { answers, document, events, closeTab: () => void (group.tabs = []) };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  return done;
}

describe('Ask Model: the answer document (host, through the vscode shim)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('finishing waits until the editor shows the whole answer, however long VS Code takes to ask for it', async () => {
    const { answers, document, events } = answerInATab();
    const answer = await AnswerDocument.open(answers, 'What does this do?', '');
    answer.append('The function greets **by name**.');
    const finished = answer.finish();
    mock.timers.tick(10_000);
    assert.equal(await settled(finished), false, 'not done while the editor shows none of it');
    document.shown = 'The function greets';
    events.changed.fire({ document });
    assert.equal(await settled(finished), false, 'not done while the editor shows part of it');
    document.shown = 'The function greets **by name**.';
    events.changed.fire({ document });
    assert.equal(await settled(finished), true);
  });

  it('closing the answer ends the wait: nobody is left to see it', async () => {
    const { answers, events, closeTab } = answerInATab();
    const answer = await AnswerDocument.open(answers, 'Closed?', '');
    answer.append('text');
    const finished = answer.finish();
    assert.equal(await settled(finished), false);
    closeTab();
    events.tabs.fire({});
    assert.equal(await settled(finished), true);
  });
});
