// An answer's edits undone and shown, and a conversation exported and imported, in a real extension host. The answer
// comes in through Import (a JSON export holding an answer that changed two files): the chat's own recording of
// edits made through tool calls is covered by the unit tests of the session and by the e2e suite (answerEdits.e2e).
// Revert puts back the file the user did not touch (one undo step brings the answer's text again) and names the
// one the user changed; View changes opens one multi-file diff; Export writes Markdown and JSON; a damaged file is
// refused with a sentence saying what is wrong.
import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, until } from './support/extensionFixture';

interface RevertOutcome {
  message: string;
  reverted: string[];
  leftAlone: string[];
}
type ImportResult = { ok: true; ids: string[] } | { ok: false; problem: string } | undefined;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const write = (uri: vscode.Uri, text: string): Thenable<void> => vscode.workspace.fs.writeFile(uri, encoder.encode(text));
const read = async (uri: vscode.Uri): Promise<string> => decoder.decode(await vscode.workspace.fs.readFile(uri));
const textOf = async (uri: vscode.Uri): Promise<string> => (await vscode.workspace.openTextDocument(uri)).getText();

describe('an answer’s edits: revert, view changes, export and import', function () {
  this.timeout(30_000);
  const folder = (): vscode.Uri => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'answer-edits-scratch');
  const alpha = (): vscode.Uri => vscode.Uri.joinPath(folder(), 'alpha.txt');
  const beta = (): vscode.Uri => vscode.Uri.joinPath(folder(), 'beta.txt');
  const outside = vscode.Uri.file(path.join(os.tmpdir(), `ask-model-export-${process.pid}`));
  const title = 'Greet in two files';

  function exported(): string {
    const edit = (uri: vscode.Uri, name: string) => ({ path: uri.fsPath, relativePath: `answer-edits-scratch/${name}.txt`, before: `${name} before\n`, after: `${name} after\n`, textsKept: true });
    return JSON.stringify({
      format: 3,
      conversations: [
        {
          id: 'integration-answer-edits',
          title,
          createdAt: 1,
          updatedAt: 2,
          turns: [
            { id: 'u1', role: 'user', text: 'Change both files.', context: [] },
            { id: 'a1', role: 'assistant', text: 'Changed alpha and beta.', reasoning: 'Both need it.', status: 'done', answers: [], fileEdits: [edit(alpha(), 'alpha'), edit(beta(), 'beta')] },
          ],
        },
      ],
    });
  }

  before(async () => {
    await activateExtension();
    await vscode.workspace.fs.createDirectory(outside);
  });
  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    await vscode.workspace.fs.delete(outside, { recursive: true, useTrash: false });
  });

  it('reverts the file the user left alone as one undo step, names the one the user changed, and shows one diff of both', async () => {
    // The workspace as the answer left it.
    await write(alpha(), 'alpha after\n');
    await write(beta(), 'beta after\n');
    const file = vscode.Uri.joinPath(outside, 'answer.json');
    await write(file, exported());
    const imported = await vscode.commands.executeCommand<ImportResult>('askModel.importChat', file);
    assert.ok(imported?.ok, JSON.stringify(imported));

    // The user types in beta after the answer.
    const betaDocument = await vscode.workspace.openTextDocument(beta());
    const typing = new vscode.WorkspaceEdit();
    typing.insert(beta(), betaDocument.positionAt(betaDocument.getText().length), 'the user typed this\n');
    assert.ok(await vscode.workspace.applyEdit(typing));

    const outcome = await vscode.commands.executeCommand<RevertOutcome>('askModel.chat.revertAnswerEdits', 'a1');
    assert.deepEqual(outcome.reverted, ['answer-edits-scratch/alpha.txt']);
    assert.deepEqual(outcome.leftAlone, ['answer-edits-scratch/beta.txt']);
    assert.equal(outcome.message, 'Reverted answer-edits-scratch/alpha.txt. Left alone: answer-edits-scratch/beta.txt (changed since the answer). Each file is one undo step.');
    assert.equal(await textOf(alpha()), 'alpha before\n');
    assert.equal(await textOf(beta()), 'beta after\nthe user typed this\n');

    // Again: alpha is already back, beta is still the user's.
    const again = await vscode.commands.executeCommand<RevertOutcome>('askModel.chat.revertAnswerEdits', 'a1');
    assert.match(again.message, /Already as before the answer: answer-edits-scratch\/alpha\.txt\./);

    // One undo in alpha brings the answer's text back.
    await vscode.window.showTextDocument(alpha());
    await vscode.commands.executeCommand('undo');
    await until(async () => ((await textOf(alpha())) === 'alpha after\n' ? true : undefined), 'one undo restores the answer’s text in alpha');

    assert.ok((await vscode.commands.getCommands(true)).includes('vscode.changes'), 'this VS Code has the multi-file diff command');
    await vscode.commands.executeCommand('askModel.chat.viewAnswerChanges', 'a1');
    // VS Code adds the number of files to the title.
    const label = `Ask Model’s changes: ${title} (2 files)`;
    const labels = (): string[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label));
    await until(() => (labels().includes(label) ? true : undefined), `a tab "${label}"`).catch((error: unknown) => {
      throw new Error(`${String(error)}; the tabs: ${JSON.stringify(labels())}; documents: ${JSON.stringify(vscode.workspace.textDocuments.map((d) => d.uri.toString()))}`);
    });
    // The diff's documents are ours, read-only: the left side of alpha is its text before the answer.
    const before = await until(
      () => vscode.workspace.textDocuments.find((document) => document.uri.scheme === 'askmodel-answer-change' && document.uri.path === alpha().path && document.uri.query.endsWith('~before')),
      'the diff’s before-side of alpha',
    );
    assert.equal(before.getText(), 'alpha before\n', 'the diff’s left side is the text before the answer');
  });

  it('exports the open conversation as Markdown and as JSON, and the JSON imports again as a new conversation', async () => {
    const file = vscode.Uri.joinPath(outside, 'answer.json');
    await write(file, exported());
    const first = await vscode.commands.executeCommand<ImportResult>('askModel.importChat', file);
    const second = await vscode.commands.executeCommand<ImportResult>('askModel.importChat', file);
    assert.ok(first?.ok && second?.ok);
    assert.notEqual(second.ids[0], first.ids[0], 'an import never replaces a conversation already in the history');

    const markdown = vscode.Uri.joinPath(outside, 'chat.md');
    await vscode.commands.executeCommand('askModel.exportChat', { format: 'markdown', uri: markdown });
    const text = await read(markdown);
    assert.match(text, /^# Greet in two files\n/);
    assert.match(text, /<details>\n<summary>Reasoning<\/summary>\n\nBoth need it\.\n\n<\/details>/);
    assert.match(text, /<summary>Files changed \(2\)<\/summary>\n\n- answer-edits-scratch\/alpha\.txt\n- answer-edits-scratch\/beta\.txt/);

    const json = vscode.Uri.joinPath(outside, 'chat.json');
    await vscode.commands.executeCommand('askModel.exportChat', { format: 'json', uri: json });
    const stored = JSON.parse(await read(json)) as { format: number; conversations: { title: string; turns: unknown[] }[] };
    assert.equal(stored.format, 3);
    assert.equal(stored.conversations[0]?.title, title);
    const third = await vscode.commands.executeCommand<ImportResult>('askModel.importChat', json);
    assert.ok(third?.ok);
    assert.ok(![first.ids[0], second.ids[0]].includes(third.ids[0]));
  });

  it('refuses a damaged export and says what is wrong and where', async () => {
    const damaged = vscode.Uri.joinPath(outside, 'damaged.json');
    await write(damaged, exported().replace('"status":"done"', '"status":"finished"'));
    const result = await vscode.commands.executeCommand<ImportResult>('askModel.importChat', damaged);
    assert.equal(result?.ok, false);
    assert.match(result?.ok === false ? result.problem : '', /^Conversation 1 of the file could not be read: conversations\[0\]\.turns\[1\]\.status: expected one of/);
  });
});
