// The typed events a chat request produces, streamed or not. A consumer appends text and reasoning as they come,
// runs complete tool calls, and reads the summary from `done`.
import type { AnswerHeaders } from '../protocol/answerHeaders';
import type { Usage } from '../protocol/messages';

export interface CompletedToolCall {
  /** The server's `index` for the call (the order it was announced in). */
  index: number;
  id: string;
  /** True when the server sent no id and the client made one up (tool results still need one). */
  idGenerated: boolean;
  name: string;
  /** The raw JSON text the model produced. */
  argumentsText: string;
  /** The parsed arguments: always a JSON object. */
  arguments: Record<string, unknown>;
}

export type ToolCallProblem = 'truncated' | 'invalid-json' | 'not-an-object' | 'missing-name';

/** A tool call that cannot be run: it is reported, never executed. */
export interface BrokenToolCall {
  index: number;
  id: string;
  name: string | undefined;
  argumentsText: string;
  problem: ToolCallProblem;
  /** A sentence for the user and for the model (it goes back as the tool result). */
  message: string;
}

export interface ClientTimings {
  /** From sending the request to the first byte of the answer's body. */
  timeToFirstByteMs: number;
  /** From sending to the first text, reasoning or tool-call fragment; absent when none came. */
  timeToFirstTokenMs: number | undefined;
  totalMs: number;
  /** Completion tokens per second after the first token; from `usage` when sent, else estimated from deltas. */
  tokensPerSecond: number | undefined;
  tokensPerSecondEstimated: boolean;
}

export interface ChatDone {
  finishReason: string | undefined;
  model: string | undefined;
  id: string | undefined;
  usage: Usage | undefined;
  /** The server's own `_response_ms`, when it sent one. */
  responseMs: number | undefined;
  timings: ClientTimings;
  /** Whether the answer arrived as an event stream (a server may answer JSON to a stream request). */
  streamed: boolean;
  /** The model refused: the text events carried its refusal, which the user must see marked as one. */
  refused: boolean;
  /** Indices of choices other than 0 the server sent (a user's `n`): not part of the answer, worth a log line. */
  ignoredChoices: number[];
  /** What the response's headers said of the answer (its price, call id, rate limits). */
  headers: AnswerHeaders;
  /**
   * Request fields that did not reach the model, where that can be known (request/ignoredFields.ts): a length limit
   * the answer's usage shows was not applied, or fields a gateway named in the headers is known not to pass on.
   */
  ignoredFields?: IgnoredFields;
}

export interface IgnoredFields {
  fields: string[];
  /** A sentence for the log: what shows it, and where the field may have been lost. */
  note: string;
}

export type ChatEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'toolCall'; call: CompletedToolCall }
  | { type: 'toolCallError'; call: BrokenToolCall }
  | { type: 'usage'; usage: Usage }
  | { type: 'done'; done: ChatDone };
