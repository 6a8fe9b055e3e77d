// The workspace tools in a real extension host, driven through "Edit Selection with Model" with scripted tool calls
// from the reference server: each tool's result as the model receives it, Accept (one undo step, buffer left
// unsaved), Reject (the model is told why), the user's typing between read and apply, and the deny globs.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { textTurn, toolCallsTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, openWithSelection, until } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface EditResult {
  status: string;
  rounds?: number;
  text?: string;
  calls?: Record<string, number>;
}

const ORIGINAL = '  return `Hello, ${name}!`;';
const call = (name: string, args: unknown, id?: string) => ({ name, arguments: JSON.stringify(args), ...(id ? { id } : {}) });
/** Labels of the open tabs that show a proposed edit. */
const proposedTabs = (): string[] =>
  vscode.window.tabGroups.all.flatMap((group) => group.tabs.filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === 'askmodel-proposed').map((tab) => tab.label));
const edit = (instruction: string): Thenable<EditResult> => vscode.commands.executeCommand<EditResult>('askModel.editSelection', { instruction });

/** The tool results the model received in the request after the tool calls, by tool_call_id. */
function toolResults(server: ReferenceServer): Record<string, string> {
  const messages = (server.requests.at(-1)?.body as { messages: { role: string; tool_call_id?: string; content: string }[] }).messages;
  return Object.fromEntries(messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id ?? '', m.content]));
}

async function decideWhenPending(command: 'askModel.acceptEdit' | 'askModel.rejectEdit', args?: unknown): Promise<void> {
  await until(async () => ((await vscode.commands.executeCommand<boolean>(command, args)) ? true : undefined), `an edit waiting for ${command}`);
}

describe('workspace tools in a real extension host', function () {
  this.timeout(30_000);
  const server = useReferenceServer({ model: 'tool-model' });
  useSettings(() => ({ baseUrl: server().url, model: 'tool-model' }));
  let document: vscode.TextDocument;

  before(activateExtension);
  beforeEach(async () => {
    const editor = await openWithSelection('hello.ts', [2, 4]);
    document = editor.document;
  });
  afterEach(async () => {
    // Leave the fixture as it was: drop unsaved changes, never save.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await closeAllEditors();
  });

  it('runs each read-only tool and sends its result back under the call id', async () => {
    server().script(
      toolCallsTurn([
        call('read_file', { path: 'hello.ts' }, 'c_read'),
        call('list_files', {}, 'c_list'),
        call('search_text', { query: 'Hello', mode: 'literal' }, 'c_search'),
        call('get_diagnostics', {}, 'c_diag'),
        call('get_editor_context', {}, 'c_ctx'),
      ], { fragments: 3, interleave: true }),
      textTurn('Looked around.'),
    );
    const result = await edit('Look at the code');
    assert.equal(result.status, 'done', JSON.stringify(result));
    const results = toolResults(server());
    assert.match(results['c_read'] ?? '', /1 \| \/\/ A small file/);
    assert.match(results['c_read'] ?? '', /3 \| {3}return `Hello/);
    assert.match(results['c_list'] ?? '', /hello\.ts/);
    assert.match(results['c_list'] ?? '', /README\.md/);
    assert.match(results['c_search'] ?? '', /hello\.ts:3: .*Hello/);
    assert.ok((results['c_diag'] ?? '').length > 0);
    assert.match(results['c_ctx'] ?? '', /hello\.ts/);
    assert.deepEqual(result.calls, { done: 5 });
    // The first chat request, not the first request: the model's catalogue may be asked about it before.
    const first = server().requests.find((request) => request.path.endsWith('/chat/completions'))?.body as { tools: { function: { name: string } }[]; tool_choice: string; metadata: unknown };
    assert.deepEqual(first.tools.map((t) => t.function.name), ['read_file', 'list_files', 'search_text', 'get_diagnostics', 'get_editor_context', 'replace_in_file', 'create_file']);
    assert.equal(first.tool_choice, 'auto');
    assert.deepEqual(first.metadata, { generation_name: 'edit-selection' });
  });

  it('Accept applies the edit to the buffer as one undo step, leaving it unsaved', async () => {
    const replaced = '  return `Hi, ${name}!`;';
    server().script(toolCallsTurn([call('replace_in_file', { path: 'hello.ts', old_text: ORIGINAL, new_text: replaced }, 'c_edit')]), textTurn('Changed the greeting.'));
    const pending = edit('Say hi instead');
    await decideWhenPending('askModel.acceptEdit');
    const result = await pending;
    assert.equal(result.status, 'done');
    assert.ok(document.getText().includes(replaced));
    assert.equal(document.isDirty, true, 'unsaved');
    assert.match(toolResults(server())['c_edit'] ?? '', /unsaved/);
    assert.deepEqual(proposedTabs(), [], 'the diff preview closed after Accept');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), document.uri.toString(), 'the changed file shows where the preview was');
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    assert.ok(document.getText().includes(ORIGINAL), 'one undo restores the original');
  });

  it('Reject leaves the buffer and tells the model why', async () => {
    const before = document.getText();
    server().script(toolCallsTurn([call('replace_in_file', { path: 'hello.ts', old_text: ORIGINAL, new_text: '  return 1;' }, 'c_edit')]), textTurn('Understood.'));
    const pending = edit('Break it');
    await decideWhenPending('askModel.rejectEdit', { reason: 'keep the greeting' });
    const result = await pending;
    assert.equal(result.status, 'done');
    assert.equal(document.getText(), before);
    assert.match(toolResults(server())['c_edit'] ?? '', /rejected.*keep the greeting/is);
    assert.deepEqual(proposedTabs(), [], 'the diff preview closed after Reject');
  });

  it('the user typing elsewhere between read and apply is kept; the edit is re-applied around it', async () => {
    server().script(toolCallsTurn([call('replace_in_file', { path: 'hello.ts', old_text: ORIGINAL, new_text: '  return `Hey, ${name}!`;' }, 'c_edit')]), textTurn('ok'));
    const pending = edit('Hey');
    const proposed = await until(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'askmodel-proposed' && !d.isClosed), 'the diff preview');
    // The earlier tests proposed edits under the same call id: the preview shows this proposal, never an old one.
    assert.ok(proposed.getText().includes('Hey, ${name}!'), proposed.getText());
    const typed = new vscode.WorkspaceEdit();
    typed.insert(document.uri, new vscode.Position(0, 0), '// typed by the user\n');
    await vscode.workspace.applyEdit(typed);
    await decideWhenPending('askModel.acceptEdit');
    await pending;
    const text = document.getText();
    assert.ok(text.startsWith('// typed by the user\n'), 'the user typing survived');
    assert.ok(text.includes('Hey, ${name}!'), 'the edit was re-applied');
  });

  it('the user typing inside the edited text is never overwritten: the edit is refused and the model told', async () => {
    server().script(toolCallsTurn([call('replace_in_file', { path: 'hello.ts', old_text: ORIGINAL, new_text: '  return 0;' }, 'c_edit')]), textTurn('ok'));
    const pending = edit('Zero');
    await until(() => vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'askmodel-proposed') || undefined, 'the diff preview');
    const line = document.lineAt(2);
    const typed = new vscode.WorkspaceEdit();
    typed.replace(document.uri, line.range, '  return `Howdy, ${name}!`; // mine');
    await vscode.workspace.applyEdit(typed);
    await decideWhenPending('askModel.acceptEdit');
    await pending;
    assert.ok(document.getText().includes('Howdy, ${name}!`; // mine'), 'the user line is intact');
    assert.doesNotMatch(document.getText(), /return 0;/);
    assert.match(toolResults(server())['c_edit'] ?? '', /Not applied|changed/i);
  });

  it('deny globs, absolute paths and .. escapes are refused with a clear message', async () => {
    server().script(
      toolCallsTurn([
        call('read_file', { path: '.env' }, 'c_env'),
        call('read_file', { path: '/etc/passwd' }, 'c_abs'),
        call('read_file', { path: '../../package.json' }, 'c_up'),
        call('create_file', { path: 'keys/server.pem', content: 'x' }, 'c_pem'),
        call('list_files', { glob: '**/.git/**' }, 'c_git'),
      ]),
      textTurn('ok'),
    );
    const result = await edit('Snoop');
    assert.equal(result.status, 'done');
    const results = toolResults(server());
    assert.match(results['c_env'] ?? '', /denyGlobs/);
    assert.match(results['c_abs'] ?? '', /absolute|inside the workspace/i);
    assert.match(results['c_up'] ?? '', /\.\.|inside the workspace/i);
    assert.match(results['c_pem'] ?? '', /denyGlobs/);
    assert.doesNotMatch(results['c_git'] ?? '', /HEAD|config/);
  });

  it('create_file asks, then creates the file; a stop before Accept creates nothing', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const created = vscode.Uri.joinPath(folder, 'made-by-test.txt');
    try {
      server().script(toolCallsTurn([call('create_file', { path: 'made-by-test.txt', content: 'one\ntwo\n' }, 'c_new')]), textTurn('Created.'));
      const pending = edit('Make a file');
      await decideWhenPending('askModel.acceptEdit');
      await pending;
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(created)), 'one\ntwo\n');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), created.toString(), 'the new file shows where the preview was');
      await closeAllEditors(); // an open editor would keep the deleted file alive as a document
      await vscode.workspace.fs.delete(created);

      server().script(toolCallsTurn([call('create_file', { path: 'made-by-test.txt', content: 'never' }, 'c_new2')]), textTurn('x'));
      await openWithSelection('hello.ts', [2, 4]); // the diff editor took the focus; Edit Selection needs a file editor
      const stopped = edit('Make it again');
      await until(() => vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'askmodel-proposed' && d.uri.query.startsWith('c_new2~')) || undefined, 'the diff preview of c_new2');
      await vscode.commands.executeCommand('askModel.stop');
      const result = await stopped;
      assert.equal(result.status, 'stopped');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(created)), 'nothing was created after Stop');
    } finally {
      await Promise.resolve(vscode.workspace.fs.delete(created)).catch(() => undefined);
    }
  });
});
