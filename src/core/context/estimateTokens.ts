// A cheap count of a prompt's tokens without a tokenizer: the extension ships none (the bundle has a size goal), and
// every server has its own anyway. The shape of text decides the rate: English words run about four characters a
// token, punctuation (code, JSON) about one token per mark, CJK about one per character, other scripts somewhere
// between. The per-model `TokenCalibration` then scales the count to what the server itself reported.
import type { ChatMessage, ToolDefinition } from '../protocol/messages';

/** The role marker, separators and the reply's priming a chat template wraps around each message. */
export const TOKENS_PER_MESSAGE = 4;
/** The call's id, type and the wrapping of its name and arguments. */
export const TOKENS_PER_TOOL_CALL = 4;
/** Templates render tool definitions more tersely than their JSON (OpenAI's as a TypeScript-like namespace), so the
 * JSON's quotes and braces count for less than they would in a message. */
const TOOL_DEFINITION_WEIGHT = 0.6;

/** Estimated tokens of `text` alone. */
export function estimateTextTokens(text: string): number {
  let tokens = 0;
  let wordLength = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const isWordCharacter = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (isWordCharacter) {
      wordLength++;
      continue;
    }
    tokens += Math.ceil(wordLength / 4);
    wordLength = 0;
    if (code === 32 || code === 9) continue; // a space or tab joins the next word's token
    if (code === 10 || code === 13) tokens += 0.5; // a run of line breaks is usually one token
    else if (code < 128) tokens += 0.6; // punctuation pairs often merge (`":`, `);`)
    else if (code >= 0xd800 && code <= 0xdfff) tokens += 0.75; // each half of an emoji or rare character
    else if ((code >= 0x3000 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xf900 && code <= 0xfaff)) tokens += 1;
    else tokens += 0.4; // accented Latin, Cyrillic, Greek, Arabic: a few letters a token
  }
  return Math.ceil(tokens + Math.ceil(wordLength / 4));
}

/**
 * An image's tokens without decoding it: OpenAI counts a 1024×1024 image at high detail as 765, and other vision
 * models are of that order; counting too many leaves room unused, too few risks an overflow.
 */
export const TOKENS_PER_IMAGE = 765;

/** Estimated tokens of one message as a chat template renders it. */
export function estimateMessageTokens(message: ChatMessage): number {
  let tokens = TOKENS_PER_MESSAGE;
  if (typeof message.content === 'string' || message.content === null) tokens += estimateTextTokens(message.content ?? '');
  else for (const part of message.content) tokens += part.type === 'text' ? estimateTextTokens(part.text) : TOKENS_PER_IMAGE;
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? []) {
      tokens += TOKENS_PER_TOOL_CALL + estimateTextTokens(call.function.name) + estimateTextTokens(call.function.arguments);
    }
  }
  return tokens;
}

/** Estimated prompt tokens of a request: its messages, plus its tool definitions counted as their JSON. */
export function estimatePromptTokens(request: { messages: readonly ChatMessage[]; tools?: readonly ToolDefinition[] | undefined }): number {
  let tokens = 0;
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  if (request.tools && request.tools.length > 0) tokens += Math.ceil(estimateTextTokens(JSON.stringify(request.tools)) * TOOL_DEFINITION_WEIGHT);
  return tokens;
}
