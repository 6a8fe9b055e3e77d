// One log channel, `Ask Model`: a line per HTTP exchange and per answer. Authorization never reaches it (the core
// hands us entries without the key); request bodies appear only at trace level. The channel itself is created at
// activation (logChannel.ts); these lines load with the features that write them.
import type * as vscode from 'vscode';
import { formatMs, formatUsd, ignoredChoicesNote, type AnswerFacts, type ChatCompletionRequest, type ChatDone, type ExchangeLogEntry } from '../../../core';

export type Log = vscode.LogOutputChannel;

export function logExchange(log: Log, entry: ExchangeLogEntry): void {
  const status = entry.status === undefined ? 'no response' : String(entry.status);
  const line = `${entry.method} ${entry.url} → ${status} in ${formatMs(entry.durationMs)}${entry.attempt > 0 ? ` (retry ${entry.attempt})` : ''}`;
  if (entry.outcome === 'ok') log.info(line);
  else if (entry.outcome === 'retry' || entry.outcome === 'compat-resend') log.warn(`${line}; ${entry.outcome}: ${entry.error ?? ''}`);
  else log.error(`${line}: ${entry.error ?? ''}`);
}

export function logRequest(log: Log, feature: string, request: ChatCompletionRequest): void {
  log.info(`${feature}: model ${request.model}, stream ${request.stream}, ${request.messages.length} message(s)${request.tools ? `, ${request.tools.length} tool(s)` : ''}, metadata ${JSON.stringify(request.metadata ?? {})}`);
  log.trace(`${feature} request body: ${JSON.stringify(request, shortenedImages)}`);
}

/** An image's `data:` URL is logged by its type and size: its base64 would bury the log. */
function shortenedImages(key: string, value: unknown): unknown {
  if (key !== 'url' || typeof value !== 'string' || !value.startsWith('data:')) return value;
  const comma = value.indexOf(',');
  return `${value.slice(0, comma + 1)}…(${value.length - comma - 1} characters)`;
}

export function logAnswer(log: Log, feature: string, done: ChatDone, facts: AnswerFacts): void {
  const t = done.timings;
  // The proxy's call id and deployment find the request in its logs and Langfuse.
  const proxy = `${facts.callId !== undefined ? `, call id ${facts.callId}` : ''}${facts.deploymentId !== undefined ? `, deployment ${facts.deploymentId}` : ''}`;
  const cost = facts.cost ? `, cost ${formatUsd(facts.cost.usd, facts.cost.basis === 'prices')} (${facts.cost.basis === 'server' ? 'priced by the server' : 'usage × list prices'})` : ', cost unknown';
  log.info(
    `${feature}: answered by ${done.model ?? '?'}, finish ${done.finishReason ?? '?'}, usage ${JSON.stringify(done.usage ?? {})}, ` +
      `first byte ${formatMs(t.timeToFirstByteMs)}, first token ${t.timeToFirstTokenMs === undefined ? '-' : formatMs(t.timeToFirstTokenMs)}, total ${formatMs(t.totalMs)}` +
      `${done.responseMs !== undefined ? `, server _response_ms ${done.responseMs}` : ''}${done.refused ? ', refused by the model' : ''}${cost}${proxy}`,
  );
  const ignored = ignoredChoicesNote(done);
  if (ignored) log.warn(`${feature}: ${ignored}`);
  // Fields of the request that never took effect (a gateway that passes on only what it knows): named, not guessed.
  if (done.ignoredFields) log.warn(`${feature}: ${done.ignoredFields.note}`);
}
