// Shared set-up for the integration suites: the extension activated, settings written and restored, the fixture
// workspace's files opened, and polling helpers (the host applies edits asynchronously).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'ask-model.ask-model';

export async function activateExtension(): Promise<{ activationMs: number }> {
  const extension = vscode.extensions.getExtension<{ activationMs: number }>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  return extension.activate();
}

/** Every askModel.* setting the extension contributes, by its key below `askModel.` (package.json is the list). */
export function settingKeys(): string[] {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  const properties = (extension.packageJSON as { contributes: { configuration: { properties: Record<string, unknown> } } }).contributes.configuration.properties;
  return Object.keys(properties).map((name) => name.replace(/^askModel\./, ''));
}

/** Writes `askModel.*` user settings (undefined removes one). */
export async function configure(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('askModel');
  for (const [key, value] of Object.entries(values)) await config.update(key, value, vscode.ConfigurationTarget.Global);
}

/** Removes every askModel.* user setting that is set (each write costs a settings.json save, so only those). */
export async function resetSettings(): Promise<void> {
  const config = vscode.workspace.getConfiguration('askModel');
  await configure(Object.fromEntries(settingKeys().flatMap((key) => (config.inspect(key)?.globalValue === undefined ? [] : [[key, undefined]]))));
}

/** Opens a file of the fixture workspace and selects lines [from, to] (1-based, inclusive), or nothing. */
export async function openWithSelection(relativePath: string, lines?: [number, number]): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, relativePath));
  const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });
  if (lines) {
    const end = document.lineAt(lines[1] - 1).range.end;
    editor.selection = new vscode.Selection(lines[0] - 1, 0, end.line, end.character);
  } else {
    editor.selection = new vscode.Selection(0, 0, 0, 0);
  }
  return editor;
}

export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until VS Code holds the language model list for the settings as they are now. Settings that name servers and
 * models change that list, and listing it discovers each profile's catalogue (once per server set-up, see
 * src/host/languageModels): a test that counts the requests a server or proxy received settles this first, then
 * clears what it recorded.
 */
export async function settleLanguageModels(): Promise<void> {
  await vscode.lm.selectChatModels({ vendor: 'ask-model' });
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
