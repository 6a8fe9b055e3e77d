// Export and Import of a conversation through files the user picks: Markdown to read (or share), JSON to bring back
// (the stored format, core's conversationTransfer.ts). A command argument may name the conversation, the format and
// the file, so a keybinding or a script can skip the questions. Import never replaces a conversation in the history.
import * as vscode from 'vscode';
import { conversationJson, conversationMarkdown, readConversationExport, type ChatSession, type Conversation } from '../../../../core';

export type ExportFormat = 'markdown' | 'json';

export interface ExportRequest {
  /** The conversation; the open one when absent. */
  conversationId?: string;
  format?: ExportFormat;
  /** Where to write; asked when absent. */
  uri?: vscode.Uri;
}

/** Writes the conversation; returns the file written, or undefined when there was nothing to export or the user cancelled. */
export async function exportConversation(session: ChatSession, request: ExportRequest = {}): Promise<vscode.Uri | undefined> {
  const conversation = session.conversationFor(request.conversationId);
  if (!conversation) {
    void vscode.window.showInformationMessage('Ask Model: there is no conversation to export yet. Send a message first, or pick one in History.');
    return undefined;
  }
  const format = request.format ?? (await pickFormat());
  if (!format) return undefined;
  const uri = request.uri ?? (await vscode.window.showSaveDialog({ title: `Export “${conversation.title}”`, defaultUri: defaultUri(conversation, format), filters: FILTERS[format], saveLabel: 'Export' }));
  if (!uri) return undefined;
  const text = format === 'markdown' ? conversationMarkdown(conversation) : conversationJson(conversation);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  void vscode.window.showInformationMessage(`Ask Model: exported “${conversation.title}” to ${vscode.workspace.asRelativePath(uri)}.`);
  return uri;
}

export type ImportResult = { ok: true; ids: string[] } | { ok: false; problem: string } | undefined;

/** Reads an exported JSON file into the history and opens it; says what is wrong with a file it cannot read. */
export async function importConversation(session: ChatSession, uri?: vscode.Uri): Promise<ImportResult> {
  const file =
    uri ??
    (await vscode.window.showOpenDialog({ title: 'Import a conversation exported as JSON', canSelectMany: false, filters: FILTERS.json, openLabel: 'Import', defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri }))?.[0];
  if (!file) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(file));
  } catch (error) {
    return refuse(file, `the file could not be read (${error instanceof Error ? error.message : String(error)}).`);
  }
  const read = readConversationExport(text, { existingIds: session.knownIds(), newId: () => globalThis.crypto.randomUUID(), now: Date.now() });
  if (!read.ok) return refuse(file, read.problem);
  await session.importConversations(read.conversations);
  const titles = read.conversations.map((conversation) => `“${conversation.title}”`).join(', ');
  void vscode.window.showInformationMessage(`Ask Model: imported ${titles} into the chat history.`);
  return { ok: true, ids: read.conversations.map((conversation) => conversation.id) };
}

const FILTERS: Record<ExportFormat, Record<string, string[]>> = { markdown: { Markdown: ['md'] }, json: { 'Ask Model conversation (JSON)': ['json'] } };

async function pickFormat(): Promise<ExportFormat | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Markdown', description: 'to read or share: reasoning and tool calls folded', format: 'markdown' as const },
      { label: 'JSON', description: 'to import again, here or in another workspace', format: 'json' as const },
    ],
    { title: 'Export the conversation as', placeHolder: 'Markdown or JSON' },
  );
  return picked?.format;
}

function defaultUri(conversation: Conversation, format: ExportFormat): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return undefined;
  const name = conversation.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 50).toLowerCase() || 'conversation';
  return vscode.Uri.joinPath(folder, `${name}.${format === 'markdown' ? 'md' : 'json'}`);
}

function refuse(file: vscode.Uri, problem: string): ImportResult {
  const message = `Ask Model: could not import ${vscode.workspace.asRelativePath(file)}: ${problem}`;
  void vscode.window.showErrorMessage(message);
  return { ok: false, problem };
}
