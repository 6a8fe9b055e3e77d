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

  it('opened a copy of the fixture workspace', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1, 'exactly one workspace folder');
    // The launcher opens a throwaway copy of test/integration/fixtures/workspace and names it here.
    const expected = process.env['ASK_MODEL_TEST_WORKSPACE'];
    assert.ok(expected, 'ASK_MODEL_TEST_WORKSPACE names the workspace copy');
    assert.equal(folders[0]?.uri.fsPath, expected);
    const files = await vscode.workspace.findFiles('**/*');
    const names = files.map((file) => vscode.workspace.asRelativePath(file, false)).sort();
    // .vscode/mcp.json: the launcher configures the tests' MCP server there (test/support/mcpServer).
    assert.deepEqual(names, ['.vscode/mcp.json', 'README.md', 'hello.ts']);
  });

  it('sees the environment the launcher gave the extension host', () => {
    assert.ok(process.env.ASK_MODEL_TEST_LAUNCHER, 'ASK_MODEL_TEST_LAUNCHER did not reach the extension host');
    reportLine(`      launcher ${process.env.ASK_MODEL_TEST_LAUNCHER}, extension host on Node ${process.version}`);
  });
});
