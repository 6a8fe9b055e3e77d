// What a failed completion request means for the next one. Some failures say "not here": the server has no such
// endpoint (a 404, 405 or 501, or LM Studio's 200 "Unexpected endpoint or method", in any endpoint's answer), or this
// model cannot be asked this way (a chat model on /v1/completions, a model without FIM tokens on /infill, vLLM's
// refusal of `suffix`): the engine tries the next way, once per server, and an endpoint that is not there is not
// asked again in any style. Others say "not now" (a rate limit, a server error, a time-out): it backs off. And some
// say "not until the user acts" (a bad key, a model the server does not have): completions stop for that server with
// one message naming the fix. What is temporary is read from the words and the error's type or code before the
// status: providers send an overload or a full capacity with a 400 or a 429, typed `invalid_request_error` as often as
// `overloaded_error` (Mistral's "Service tier capacity exceeded for this model." comes typed invalid_request_error),
// so those back off with the growing pause whatever the status; only what the user must fix stops.
//
// The words are the completion path's own. The HTTP errors' messages are written for the chat (they name
// askModel.model and askModel.extraBody, and "chat completions"); a completion request is made from the completion
// model (askModel.completionModel) at the endpoint askModel.completionEndpoint chose, and a fill-in-the-middle body
// carries no askModel.extraBody. So each failure is described here, from the error's status, URL and the server's
// words, with the fix in the completion's settings.
import { AskModelError } from '../errors/AskModelError';
import { BadRequestError, ContextOverflowError, HttpError, PayloadTooLargeError, PermissionDeniedError, RateLimitError, ServerError } from '../errors/httpErrors';
import { isRecord } from '../errors/jsonFields';
import { ConnectionError, TimeoutError } from '../errors/transportErrors';
import { saysUnexpectedEndpoint } from '../errors/unexpectedEndpoint';

/**
 * Why a way of asking is not there: `endpoint`, nothing answers at that URL (every style of it is skipped); `way`, the
 * endpoint exists but cannot serve this model asked so (the next style may).
 */
export type NoEndpointScope = 'endpoint' | 'way';

export type CompletionFailure =
  | { kind: 'no-endpoint'; scope: NoEndpointScope; detail: string }
  | { kind: 'suffix-refused'; detail: string }
  | { kind: 'field-refused'; field: string; detail: string }
  | { kind: 'back-off'; detail: string; retryAfterMs: number | undefined }
  | { kind: 'stop'; detail: string; fix: 'set-api-key' | 'select-model' | 'open-settings' };

/** A failure before its words: what it means, without `detail`. */
type Verdict = WithoutDetail<CompletionFailure>;
type WithoutDetail<F> = F extends unknown ? Omit<F, 'detail'> : never;

/** Fields a server may refuse that a completion does well enough without. */
export const DROPPABLE_COMPLETION_FIELDS = ['metadata', 'temperature', 'stop', 'input_extra', 'cache_prompt', 'model'] as const;

/** The settings that say what a completion request is made of: the model, and the endpoint it goes to. */
const MODEL_SETTING = "askModel.completionModel (a profile's completionModel)";
const ENDPOINT_SETTING = "askModel.completionEndpoint (a profile's completionEndpoint)";

const FIELD_NOT_ACCEPTED = /unsupported|not (?:currently )?supported|does not support|unrecogni[sz]ed|unknown|not allowed|not permitted|extra (?:inputs?|fields?|parameters?)|unexpected|extra_forbidden/i;
/** This endpoint cannot serve this model: the endpoint exists, the way of asking does not work here. */
const CANNOT_SERVE = /chat model|not supported in the v1\/completions|not a completion model|does not support (?:insert|infill|fim|completions?)|infill is not supported|not supported by this model|fim (?:is )?not supported|only supports? chat|use (?:the )?(?:v1\/)?chat\/completions/i;
// Within one sentence: a dot inside a model's name (qwen2.5-coder, llama3.2) does not end it.
const MODEL_MISSING = /model(?:[^.]|\.(?!\s|$)){0,80}(?:not found|does not exist|not available|unknown)|(?:no|unknown) such model|model_not_found/i;
/** Ollama's refusal of `suffix` for a model whose template has no place for it. */
const INSERT_NOT_SUPPORTED = /does not support insert/i;
/** Words that say the server cannot answer now and will later: an overload, a full capacity, a queue, a rate limit. */
const TEMPORARY_WORDS = /\boverloaded\b|over capacity|at capacity|capacity (?:exceeded|exhausted)|no capacity|(?:temporarily|currently) (?:unavailable|overloaded|busy)|service unavailable|server (?:is )?busy|high traffic|too many requests|rate limit|try again (?:later|soon|shortly|in\b)|retry (?:later|soon|shortly|in\b)|model is (?:currently )?loading|loading model/i;
/** An error's type or code that names such a condition (overloaded_error, service_unavailable_error, queue_exceeded, …). */
const TEMPORARY_NAMES = /overload|unavailable|rate_?limit|too_many_requests|resource_exhausted|queue_exceeded|capacity/i;

export function classifyCompletionFailure(error: unknown, body: Record<string, unknown>, model: string): CompletionFailure {
  if (error instanceof HttpError) {
    const verdict = judgeHttpError(error, body, model);
    return { ...verdict, detail: describeHttpFailure(verdict, error, model) } as CompletionFailure;
  }
  if (error instanceof TimeoutError) {
    // The completion client's own limit (no setting sets it): the askModel.timeouts.* settings the message names are the chat's.
    return { kind: 'back-off', detail: `No answer from ${error.url} within ${error.timeoutMs / 1000} s: the server may be busy or still loading the model.`, retryAfterMs: undefined };
  }
  // A connection's message names askModel.baseUrl, which is the completion server's address too.
  if (error instanceof ConnectionError) return { kind: 'back-off', detail: error.message, retryAfterMs: undefined };
  const detail = error instanceof AskModelError || error instanceof Error ? error.message : String(error);
  return { kind: 'back-off', detail, retryAfterMs: undefined };
}

/** What an HTTP failure means for the next request. */
function judgeHttpError(error: HttpError, body: Record<string, unknown>, model: string): Verdict {
  const words = `${error.serverMessage} ${error.serverCode ?? ''}`;
  // LM Studio's "Unexpected endpoint or method", whatever status carried it (it sends 200).
  if (saysUnexpectedEndpoint(error.serverMessage)) return { kind: 'no-endpoint', scope: 'endpoint' };
  if (error.status === 401 || error.status === 403) return { kind: 'stop', fix: 'set-api-key' };
  // Temporary by its words or its type, whatever the status: a 400 "overloaded" is a wait, not a setting to fix.
  if (error.status === 429 || saysTemporary(error)) return { kind: 'back-off', retryAfterMs: error.retryAfterMs };
  // llama.cpp refuses `suffix` on /v1/completions with a 500, LiteLLM with a 400 naming it among "parameters".
  // Ollama refuses it as "<model> does not support insert": the raw FIM prompt may still work.
  if ('suffix' in body && ((/suffix/i.test(words) && FIELD_NOT_ACCEPTED.test(words)) || INSERT_NOT_SUPPORTED.test(words))) return { kind: 'suffix-refused' };
  if (CANNOT_SERVE.test(words)) return { kind: 'no-endpoint', scope: 'way' };
  if ((error.status === 404 || error.status === 400) && MODEL_MISSING.test(words) && (words.includes(model) || /model/i.test(words))) {
    return { kind: 'stop', fix: 'select-model' };
  }
  if (error.status === 404 || error.status === 405 || error.status === 501) return { kind: 'no-endpoint', scope: 'endpoint' };
  if (error.status === 400 || error.status === 422) {
    if ('suffix' in body && /suffix/i.test(words)) return { kind: 'suffix-refused' };
    const field = DROPPABLE_COMPLETION_FIELDS.find((name) => name in body && words.includes(name) && FIELD_NOT_ACCEPTED.test(words));
    if (field) return { kind: 'field-refused', field };
    return { kind: 'stop', fix: 'open-settings' };
  }
  return { kind: 'back-off', retryAfterMs: error.retryAfterMs };
}

/**
 * The words for an HTTP failure on the completion path: where (`404 from <url>`, as every HTTP error begins), what it
 * means for completions, the server's own words, and a fix in the completion's settings.
 */
function describeHttpFailure(verdict: Verdict, error: HttpError, model: string): string {
  const where = `${error.status} from ${error.url}`;
  const said = error.serverMessage ? ` The server said: "${error.serverMessage}".` : '';
  const endpoint = endpointOf(error.url);
  switch (verdict.kind) {
    case 'no-endpoint':
      return verdict.scope === 'endpoint' ? `${where}: nothing answers ${endpoint} at this URL.${said}` : `${where}: ${endpoint} cannot complete with the model "${model}".${said}`;
    case 'suffix-refused':
      return `${where}: ${endpoint} refuses \`suffix\`.${said}`;
    case 'field-refused':
      return `${where}: ${endpoint} refuses "${verdict.field}".${said}`;
    case 'stop':
      return describeStop(verdict.fix, error, { where, said, model });
    case 'back-off':
      return describeBackOff(error, { where, said });
    default: {
      const unknown: never = verdict;
      return String(unknown);
    }
  }
}

interface Words {
  where: string;
  said: string;
}

function describeStop(fix: 'set-api-key' | 'select-model' | 'open-settings', error: HttpError, words: Words & { model: string }): string {
  const { where, said, model } = words;
  if (fix === 'select-model') return `${where}: the server does not have the completion model "${model}".${said} Choose another in the setting ${MODEL_SETTING}.`;
  if (fix === 'set-api-key') {
    if (error instanceof PermissionDeniedError) {
      return `${where}: the API key is not allowed to do this.${said} Check the key's access to the completion model (${MODEL_SETTING}), or store another key for this server.`;
    }
    // A refused or missing key: the message names the key, nothing of the chat's.
    return error.message;
  }
  // A gateway's refusal of its routing headers is about the profile's headers, which completion requests carry too.
  if (error instanceof BadRequestError && error.routingHeader !== undefined) return error.message;
  if (error instanceof ContextOverflowError) {
    return `${where}: the code sent does not fit the completion model's context window.${said} Turn off askModel.completions.otherFiles to send less, or choose a completion model with a larger window in the setting ${MODEL_SETTING}.`;
  }
  if (error instanceof BadRequestError && error.missingField !== undefined) {
    return `${where}: the server requires the field "${error.missingField}" in a completion request.${said} Add it to the completion model's own extraBody in askModel.modelOverrides.`;
  }
  // Through the chat endpoint the request is the chat's assembly: the profile's askModel.extraBody goes with it.
  const extraBody = isChatEndpoint(error.url) ? ', and askModel.extraBody, which requests through the chat endpoint carry' : '';
  return `${where}: the server rejected the completion request.${said} Check the settings ${MODEL_SETTING} and ${ENDPOINT_SETTING}${extraBody}.`;
}

function describeBackOff(error: HttpError, words: Words): string {
  const { where, said } = words;
  // A rate limit or a server's failure: its message names no setting of the chat's.
  if (error instanceof RateLimitError || error instanceof ServerError) return error.message;
  // Busy by its words under another status (a 400 "overloaded"): the class's fix would be the wrong one.
  if (saysTemporary(error)) return `${where}: the server is busy for now.${said}`;
  if (error instanceof PayloadTooLargeError || error instanceof ContextOverflowError) {
    return `${where}: the request is too large for the server.${said} Turn off askModel.completions.otherFiles to send less.`;
  }
  // A gateway's unreachable upstream, a status nobody expects: their messages name the profile's own settings.
  return error.message;
}

/** The error's words or its type or code say the server cannot answer now and will later. */
function saysTemporary(error: HttpError): boolean {
  return TEMPORARY_WORDS.test(error.serverMessage) || TEMPORARY_NAMES.test(errorNames(error));
}

/** The error's `type`, `code` and `status` names, from its body (`{error: {…}}`, the bare object, or an array of one). */
function errorNames(error: HttpError): string {
  const names = error.serverCode !== undefined ? [error.serverCode] : [];
  let json: unknown;
  try {
    json = JSON.parse(error.body);
  } catch {
    return names.join(' ');
  }
  const top = Array.isArray(json) ? json[0] : json;
  for (const object of [top, isRecord(top) ? top['error'] : undefined]) {
    if (!isRecord(object)) continue;
    for (const key of ['type', 'code', 'status']) {
      const value = object[key];
      if (typeof value === 'string' && value !== '') names.push(value);
    }
  }
  return names.join(' ');
}

/** `POST /infill`: the endpoint a URL is, as the log names it (DeepSeek's /beta/completions as itself). */
function endpointOf(url: string): string {
  try {
    return `POST ${new URL(url).pathname}`;
  } catch {
    return `POST ${url}`;
  }
}

function isChatEndpoint(url: string): boolean {
  return endpointOf(url).endsWith('/chat/completions');
}
