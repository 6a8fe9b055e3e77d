// The extension loads and activates in a real extension host, which opened the fixture workspace.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { reportLine } from './support/testReport';

const EXTENSION_ID = 'ask-model.ask-model';
const uiKind = vscode.UIKind[vscode.env.uiKind];
const remote = vscode.env.remoteName ?? 'none';

describe(`activation (VS Code ${vscode.version}, uiKind ${uiKind}, remote ${remote})`, () => {
  it('finds the extension and activates it', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in the extension host`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('opened the fixture workspace', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1, 'exactly one workspace folder');
    const expected = vscode.Uri.joinPath(extension.extensionUri, 'test', 'integration', 'fixtures', 'workspace');
    assert.equal(folders[0]?.uri.path, expected.path);
    const files = await vscode.workspace.findFiles('**/*');
    const names = files.map((file) => file.path.split('/').pop()).sort();
    assert.deepEqual(names, ['README.md', 'hello.ts']);
  });

  it('sees the environment the launcher gave the extension host', () => {
    assert.ok(process.env.ASK_MODEL_TEST_LAUNCHER, 'ASK_MODEL_TEST_LAUNCHER did not reach the extension host');
    reportLine(`      launcher ${process.env.ASK_MODEL_TEST_LAUNCHER}, extension host on Node ${process.version}`);
  });
});
