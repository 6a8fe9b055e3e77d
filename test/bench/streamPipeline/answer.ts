// What every contender must end up with after reading the whole stream, and the strict check that it did. A contender
// that is fast because it got a different answer is not faster, so any difference fails the bench.
import { isDeepStrictEqual } from 'node:util';

export interface AnsweredToolCall {
  index: number;
  id: string;
  name: string;
  /** Parsed from the concatenated argument fragments. */
  arguments: unknown;
}

export interface Answer {
  text: string;
  toolCalls: AnsweredToolCall[];
  finishReason: string | undefined;
  usage: unknown;
}

export class AnswerMismatch extends Error {
  override readonly name = 'AnswerMismatch';
}

/** Throws AnswerMismatch naming the first field that differs. */
export function checkAnswer(contender: string, got: Answer, expected: Answer): void {
  const problems: string[] = [];
  if (got.text !== expected.text) problems.push(`text: ${firstDifference(got.text, expected.text)}`);
  if (got.finishReason !== expected.finishReason) problems.push(`finish reason: got ${String(got.finishReason)}, expected ${String(expected.finishReason)}`);
  if (!isDeepStrictEqual(got.usage, expected.usage)) problems.push(`usage: got ${JSON.stringify(got.usage)}, expected ${JSON.stringify(expected.usage)}`);
  if (got.toolCalls.length !== expected.toolCalls.length) {
    problems.push(`tool calls: got ${got.toolCalls.length}, expected ${expected.toolCalls.length}`);
  } else {
    got.toolCalls.forEach((call, position) => {
      const want = expected.toolCalls[position]!;
      for (const field of ['index', 'id', 'name'] as const) {
        if (call[field] !== want[field]) problems.push(`tool call ${position} ${field}: got ${JSON.stringify(call[field])}, expected ${JSON.stringify(want[field])}`);
      }
      if (!isDeepStrictEqual(call.arguments, want.arguments)) problems.push(`tool call ${position} arguments differ`);
    });
  }
  if (problems.length > 0) throw new AnswerMismatch(`${contender} got a different answer:\n  ${problems.join('\n  ')}`);
}

function firstDifference(got: string, expected: string): string {
  let at = 0;
  while (at < got.length && at < expected.length && got[at] === expected[at]) at++;
  const around = (text: string): string => JSON.stringify(text.slice(Math.max(0, at - 20), at + 20));
  return `${got.length} vs ${expected.length} characters, first difference at ${at}: got ${around(got)}, expected ${around(expected)}`;
}
