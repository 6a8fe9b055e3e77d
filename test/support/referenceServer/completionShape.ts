// What each server's completion answer looks like: the whole JSON body, or the frames of its stream as written.
import type { CompletionAnswer } from './completionAnswer';
import type { CompletionRequest } from './completionRequest';

export interface ShapeInput {
  answer: CompletionAnswer;
  request: CompletionRequest;
  /** The request body, for the settings a server echoes back. */
  body: Record<string, unknown>;
  /** The model id the answer names. */
  model: string;
}

export interface CompletionShape {
  whole(input: ShapeInput): unknown;
  /** Each frame exactly as written to the wire (SSE events or NDJSON lines), in order. */
  frames(input: ShapeInput): string[];
  /** The stream's Content-Type, as the server sends it. */
  streamContentType: string;
}

export function sseFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** Milliseconds rounded to three decimals, as servers print their timings. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
