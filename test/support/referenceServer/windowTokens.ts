// The reference server's own count of a prompt, for its `contextWindow`: a byte-level count, one token per three
// UTF-8 bytes (rounded up) of each message as a ChatML template renders it, and of the tool definitions as their
// whole JSON. Deliberately not the client's estimate (src/core/context/estimateTokens.ts counts words, punctuation
// and scripts, gives tool definitions a weight, and knows nothing of templates): a server's tokenizer is its own, and
// the client must keep under it by what `usage.prompt_tokens` and the overflow errors tell it, as with a real one.
// Three bytes a token is what small-vocabulary tokenizers give for code and JSON (a real file read in full costs
// more here than by the client's first guess for prose), so the count errs on the side of overflowing.
import type { ChatMessage, ChatRequest } from './validateChatRequest';

const BYTES_PER_TOKEN = 3;

/** `<|im_start|>role\n` … `<|im_end|>\n`: the markers and the role, as a template wraps every message. */
function renderedMessage(message: ChatMessage): string {
  const calls = message.toolCalls.map((call) => `<tool_call>{"name":${JSON.stringify(call.name)},"arguments":${call.arguments}}</tool_call>`).join('\n');
  return `<|im_start|>${message.role}\n${message.content ?? ''}${calls}<|im_end|>\n`;
}

export function countWindowTokens(request: Pick<ChatRequest, 'messages' | 'tools'>): number {
  let bytes = 0;
  for (const message of request.messages) bytes += Buffer.byteLength(renderedMessage(message), 'utf8');
  if (request.tools.length > 0) bytes += Buffer.byteLength(JSON.stringify(request.tools), 'utf8');
  // The assistant's reply is primed with its own header.
  bytes += Buffer.byteLength('<|im_start|>assistant\n', 'utf8');
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}
