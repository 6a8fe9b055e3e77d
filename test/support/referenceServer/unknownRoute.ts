// What a server answers for a path or method it does not serve. Most answer 404 (or 405); LM Studio answers 200 with
// an error naming the request, and logs "Returning 200 anyway". Its body is taken from the recorded exchange
// (test/fixtures/recorded/lm-studio/unexpected-endpoint-200-no-v1.json, lmstudio-ai/lmstudio-bug-tracker#618): the
// same shape and words, with the method and target of the request at hand where the recording names its own
// (LM Studio's message names whatever was asked, query string included).
import lmStudioUnexpected from '../../fixtures/recorded/lm-studio/unexpected-endpoint-200-no-v1.json';

/** How the server answers a route it does not serve: `lm-studio`, 200 and LM Studio's recorded error. */
export type UnknownRouteAnswer = 'lm-studio';

/** The request the recording answered, as its message names it. */
const RECORDED_REQUEST = 'POST /chat/completions';

export interface UnknownRouteReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** LM Studio's answer to `method target` (the request line's target, query string included). */
export function lmStudioUnknownRoute(method: string, target: string): UnknownRouteReply {
  const { body, status, headers } = lmStudioUnexpected;
  if (!body.includes(RECORDED_REQUEST)) throw new Error(`the recorded LM Studio body no longer names ${RECORDED_REQUEST}: ${body}`);
  return { status, body: body.replace(RECORDED_REQUEST, `${method} ${target}`), headers };
}
