// One answer for VS Code's language model API: our stream's events as the parts a provider reports (text, and tool
// calls only once assembled and valid), the usage part that ends it (languageModelUsage.ts), what ends the answer with
// an error, which `LanguageModelError` code an error is, and the token count VS Code budgets its prompts with (the
// server's own count where it offers one, else the calibrated estimate).
import { NoModelError } from '../errors/AskModelError';
import { AuthenticationError, NotFoundError, PermissionDeniedError, RateLimitError } from '../errors/httpErrors';
import { estimateMessageTokens, estimateTextTokens, TOKENS_PER_MESSAGE } from '../context/estimateTokens';
import { windowPromptTokens } from '../context/promptUsage';
import { calibrationFit, type TokenCalibration } from '../context/tokenCalibration';
import type { ServerTokenCounter } from '../context/serverTokenCounter';
import type { ChatMessage, Usage } from '../protocol/messages';
import type { BrokenToolCall, ChatDone, ChatEvent } from '../stream/events';
import { chatMessagesFromLanguageModel, type LanguageModelMessageShape } from './languageModelMessages';
import { languageModelUsagePart } from './languageModelUsage';

/** A part to report, before the host makes VS Code's class of it. */
export type LanguageModelAnswerPart =
  | { type: 'text'; value: string }
  | { type: 'thinking'; value: string }
  | { type: 'toolCall'; callId: string; name: string; input: Record<string, unknown> };

/**
 * Folds an answer's events into parts as they come. Reasoning is reported as thinking parts where the running VS Code
 * has them (`thinking`: the host probes for the class), else not at all; a broken tool call is never reported:
 * `brokenCalls` holds it, and the caller ends the answer with its message.
 */
export class LanguageModelAnswer {
  constructor(private readonly options: { thinking?: boolean } = {}) {}

  readonly brokenCalls: BrokenToolCall[] = [];
  promptTokens: number | undefined;
  /** The last usage the stream reported before the end (a server may send it in a chunk of its own). */
  private streamedUsage: Usage | undefined;
  /** How the answer ended (model, usage, timings, headers), once it did: what every surface logs and counts. */
  done: ChatDone | undefined;

  partsOf(events: readonly ChatEvent[]): LanguageModelAnswerPart[] {
    const parts: LanguageModelAnswerPart[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'text':
        case 'reasoning': {
          const type = event.type === 'text' ? 'text' : 'thinking';
          if (type === 'thinking' && this.options.thinking !== true) break;
          const last = parts.at(-1);
          if (last?.type === type) last.value += event.text;
          else if (event.text !== '') parts.push({ type, value: event.text });
          break;
        }
        case 'toolCall':
          parts.push({ type: 'toolCall', callId: event.call.id, name: event.call.name, input: event.call.arguments });
          break;
        case 'toolCallError':
          this.brokenCalls.push(event.call);
          break;
        case 'usage':
          this.streamedUsage = event.usage;
          this.promptTokens = windowPromptTokens(event.usage) ?? this.promptTokens;
          break;
        case 'done':
          this.done = event.done;
          this.promptTokens = windowPromptTokens(event.done.usage) ?? this.promptTokens;
          break;
        default:
          assertNever(event);
      }
    }
    return parts;
  }

  /**
   * The part that ends the answer: the server's usage as Copilot Chat reads it (MIME type `usage`, UTF-8 JSON), for
   * the host to wrap in VS Code's `LanguageModelDataPart`; undefined when the server counted nothing.
   */
  usagePart(): { mimeType: string; data: Uint8Array } | undefined {
    return languageModelUsagePart(this.done?.usage ?? this.streamedUsage);
  }

  /** Why the answer cannot stand, once it ended: a tool call that came broken (its message names it and why). */
  failure(): Error | undefined {
    if (this.brokenCalls.length === 0) return undefined;
    return new Error(`The model's answer held a tool call that cannot be run, so it was not passed on: ${this.brokenCalls.map((call) => call.message).join(' ')}`);
  }
}

/** The `LanguageModelError` code for an error: the three VS Code names, or undefined for any other. */
export type LanguageModelErrorCode = 'NoPermissions' | 'Blocked' | 'NotFound';

export function languageModelErrorCode(error: unknown): LanguageModelErrorCode | undefined {
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) return 'NoPermissions';
  if (error instanceof RateLimitError) return 'Blocked';
  if (error instanceof NotFoundError || error instanceof NoModelError) return 'NotFound';
  return undefined;
}

/** What the token count asks of the server's counter (core's ServerTokenCounter). */
export type LanguageModelTokenCounter = Pick<ServerTokenCounter, 'available' | 'count' | 'prepare'>;

/**
 * Tokens of a text or a message as the model's server would count them. Where the server counts with its own
 * tokenizer (`counter`, the run's), its count of these texts, as the chat's meter takes it: a text it has not counted
 * yet is sent to it in the background, and this call answers with the estimate meanwhile (it never waits, and never
 * throws). Else our estimate at the calibrated rate per token. Neither adds what a server adds once per request (the
 * fit's constant, the chat template's preamble): VS Code sums these counts per part.
 */
export function languageModelTokenCount(input: string | LanguageModelMessageShape, calibration: TokenCalibration, counter?: LanguageModelTokenCounter): number {
  const messages: ChatMessage[] = typeof input === 'string' ? [{ role: 'user', content: input }] : chatMessagesFromLanguageModel([input]);
  const counted = counter ? serverCount(messages, counter) : undefined;
  if (counted !== undefined) return typeof input === 'string' ? Math.max(0, counted - TOKENS_PER_MESSAGE) : counted;
  const estimated = typeof input === 'string' ? estimateTextTokens(input) : messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
  return Math.ceil(estimated * calibrationFit(calibration).perToken);
}

/** The server's count of `messages` (each text's tokens plus the marks per message); undefined until it has one. */
function serverCount(messages: ChatMessage[], counter: LanguageModelTokenCounter): number | undefined {
  try {
    if (!counter.available) return undefined;
    const counted = counter.count({ messages });
    if (counted !== undefined) return counted;
    // Counted for the next time it is asked; never a render of the whole prompt (one per request sent).
    counter.prepare({ messages }, undefined, { render: false }).catch(() => undefined);
  } catch {
    // The estimate answers.
  }
  return undefined;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled event: ${JSON.stringify(value)}`);
}
