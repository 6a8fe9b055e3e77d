// "No such route here", said inside an answer whose status says all is well. LM Studio answers every path or method
// it does not serve with HTTP 200 and `{"error":"Unexpected endpoint or method. (POST /chat/completions)"}` (its log:
// "Returning 200 anyway"; lmstudio-ai/lmstudio-bug-tracker#618 shows the exchange, test/fixtures/recorded/lm-studio).
// A reader that trusts the status takes it for a failure of the moment and asks the same URL again; it means "not
// here". Pure and on the lowest floor, so every reader of an answer can ask it: the chat client, the completion
// client, the catalogue's discovery.
import { NotFoundError } from './httpErrors';
import { isRecord } from './jsonFields';

/** LM Studio's words for a path or method it does not serve. */
const UNEXPECTED_ENDPOINT = /\bunexpected endpoint or method\b/i;

/**
 * The server's words when `body` says the route or method does not exist here, else undefined. `body` is the answer
 * parsed as JSON, or its text (read as JSON; text that is not JSON is never taken for such an error, so a completion
 * whose text happens to hold the words is not misread). Only the error itself is read: `{"error": "…"}` or
 * `{"error": {"message": "…"}}`.
 */
export function unexpectedEndpointIn(body: unknown): string | undefined {
  const json = typeof body === 'string' ? parseJson(body) : body;
  if (!isRecord(json)) return undefined;
  const error = json['error'];
  const words = typeof error === 'string' ? error : isRecord(error) && typeof error['message'] === 'string' ? error['message'] : undefined;
  return words !== undefined && saysUnexpectedEndpoint(words) ? words : undefined;
}

/** True when a server's message (an error's words, already taken out of its body) says the route does not exist. */
export function saysUnexpectedEndpoint(words: string): boolean {
  return UNEXPECTED_ENDPOINT.test(words);
}

/**
 * The error for an answer whose body says the route does not exist: a NotFoundError ("nothing answers … at this URL",
 * the fix is the address), with the status the server really sent. Not retried: the next try meets the same answer.
 */
export function unexpectedEndpointError(input: { status: number; url: string; words: string; bodyText: string; redact: (text: string) => string }): NotFoundError {
  return new NotFoundError({
    status: input.status,
    url: input.url,
    serverMessage: input.redact(input.words),
    body: input.redact(input.bodyText.slice(0, 4096)),
    headers: {},
    hadApiKey: false,
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
