// The messages "Ask model" sends: the system prompt, then one user message with the question and the code, fenced
// with its language and workspace-relative path so the model knows what it is looking at.
import type { ChatMessage } from '../protocol/messages';
import { fenceFor } from '../text/fenceFor';

export interface CodeContext {
  /** VS Code's language id (`typescript`, `python`…), used as the fence's info string. */
  languageId: string;
  /** Workspace-relative path, or the file name for a file outside any workspace. */
  path: string;
  code: string;
  /** 1-based first and last line of the code in its file. */
  startLine: number;
  endLine: number;
  /** Whether this is the whole file rather than a selection. */
  wholeFile: boolean;
  /** Set when the file was longer than the cap and cut: the number of characters left out. */
  truncatedCharacters: number;
}

export function buildAskMessages(systemPrompt: string, question: string, context: CodeContext): ChatMessage[] {
  const fence = fenceFor(context.code);
  const where = context.wholeFile ? `${context.path} (whole file${context.truncatedCharacters > 0 ? `, cut short: the last ${context.truncatedCharacters} characters are not shown` : ''})` : `${context.path}, lines ${context.startLine}–${context.endLine}`;
  const user = `${question.trim()}\n\n${where}:\n${fence}${context.languageId}\n${context.code}\n${fence}`;
  const messages: ChatMessage[] = [];
  if (systemPrompt.trim() !== '') messages.push({ role: 'system', content: systemPrompt.trim() });
  messages.push({ role: 'user', content: user });
  return messages;
}
