// A conversation as a Markdown file a person reads: the title and dates, each message under its author, the context
// that went with a message, and what only some readers want (reasoning, tool calls and their results, the files an
// answer changed) folded in <details>. It is for reading: to take a conversation elsewhere and bring it back, export
// JSON (conversationTransfer.ts).
import { fenceFor } from '../text/fenceFor';
import { formatAnswerFooter } from '../ask/answerFooter';
import type { ChatMessage } from '../protocol/messages';
import type { AssistantTurn, UserTurn } from './chatTurns';
import type { Conversation } from './conversation';

export function conversationMarkdown(conversation: Conversation): string {
  const lines: string[] = [`# ${oneLine(conversation.title)}`, '', `Exported from Ask Model. Started ${isoDate(conversation.createdAt)}, last message ${isoDate(conversation.updatedAt)}.`];
  for (const turn of conversation.turns) {
    lines.push('', turn.role === 'user' ? userMarkdown(turn) : assistantMarkdown(turn, conversation.transcripts?.[turn.id] ?? []));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function userMarkdown(turn: UserTurn): string {
  const parts = ['## You', '', turn.text];
  for (const chip of turn.context) {
    const where = chip.kind === 'file' ? `${chip.path} (whole file)` : `${chip.path}, lines ${chip.startLine}–${chip.endLine}`;
    parts.push('', details(`Context: ${where}`, fenced(chip.text, chip.languageId)));
  }
  // Images are embedded as data URLs, so the one file carries them; one no longer kept says so.
  for (const image of turn.images ?? []) {
    const alt = image.name.replace(/[[\]\\]/g, '');
    parts.push('', image.dataUrl === '' ? `*Image ${oneLine(image.name)}: ${oneLine(image.dropped ?? 'not kept')}*` : `![${alt}](${image.dataUrl})`);
  }
  return parts.join('\n');
}

function assistantMarkdown(turn: AssistantTurn, transcript: readonly ChatMessage[]): string {
  const parts = ['## Ask Model'];
  if (turn.reasoning.trim() !== '') parts.push('', details('Reasoning', turn.reasoning.trim()));
  if (turn.toolCalls?.length) {
    const results = new Map(transcript.filter((message) => message.role === 'tool').map((message) => [message.tool_call_id, message.content]));
    const calls = turn.toolCalls.map((call) => {
      const result = results.get(call.id);
      const head = `- \`${call.name}\` ${call.summary} — ${call.status}${call.preview ? `: ${oneLine(call.preview)}` : ''}`;
      return typeof result === 'string' && result !== '' ? `${head}\n\n${indent(fenced(result, ''))}` : head;
    });
    parts.push('', details(`Tool calls (${turn.toolCalls.length})`, calls.join('\n')));
  }
  if (turn.text !== '') parts.push('', turn.text);
  if (turn.fileEdits?.length) parts.push('', details(`Files changed (${turn.fileEdits.length})`, turn.fileEdits.map((edit) => `- ${edit.relativePath}${edit.before === null ? ' (created)' : ''}`).join('\n')));
  const notes: string[] = [];
  if (turn.status === 'stopped') notes.push('Stopped.');
  if (turn.status === 'interrupted') notes.push('Interrupted while it was arriving.');
  if (turn.status === 'error') notes.push(`Failed: ${turn.error?.message ?? 'the answer failed.'}`);
  if (turn.mode === 'plan') notes.push('Plan mode.');
  if (turn.notice) notes.push(turn.notice);
  const last = turn.answers.at(-1);
  const footer = last ? formatAnswerFooter(last) : turn.legacyFooter;
  if (footer) notes.push(footer);
  if (notes.length > 0) parts.push('', ...notes.map((note) => `*${oneLine(note)}*`));
  return parts.join('\n');
}

/** A folded block; the blank lines let Markdown inside it render. */
function details(summary: string, body: string): string {
  return `<details>\n<summary>${escapeHtml(summary)}</summary>\n\n${body}\n\n</details>`;
}

function fenced(text: string, language: string): string {
  const fence = fenceFor(text);
  return `${fence}${language}\n${text}\n${fence}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}
