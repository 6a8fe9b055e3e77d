// A deterministic token estimate (one token per four characters, rounded up), the same for stream and non-stream.
import type { ChatRequest } from './validateChatRequest';

export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function promptTokens(request: ChatRequest): number {
  let total = 0;
  for (const message of request.messages) {
    total += approximateTokens(message.content ?? '');
    for (const call of message.toolCalls) total += approximateTokens(call.name + call.arguments);
  }
  return total;
}
