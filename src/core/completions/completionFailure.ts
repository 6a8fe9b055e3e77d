// What a failed completion request means for the next one. Some failures say "not here": the server has no such
// endpoint (a 404, 405 or 501, or LM Studio's 200 "Unexpected endpoint or method", in any endpoint's answer), or this
// model cannot be asked this way (a chat model on /v1/completions, a model without FIM tokens on /infill, vLLM's
// refusal of `suffix`): the engine tries the next way, once per server, and an endpoint that is not there is not
// asked again in any style. Others say "not now" (a
// rate limit, a server error, a time-out): it backs off. And some say "not until the user acts" (a bad key, a model
// the server does not have): completions stop for that server with one message naming the fix.
import { AskModelError } from '../errors/AskModelError';
import { HttpError } from '../errors/httpErrors';
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

/** Fields a server may refuse that a completion does well enough without. */
export const DROPPABLE_COMPLETION_FIELDS = ['metadata', 'temperature', 'stop', 'input_extra', 'cache_prompt', 'model'] as const;

const FIELD_NOT_ACCEPTED = /unsupported|not (?:currently )?supported|does not support|unrecogni[sz]ed|unknown|not allowed|not permitted|extra (?:inputs?|fields?|parameters?)|unexpected|extra_forbidden/i;
/** This endpoint cannot serve this model: the endpoint exists, the way of asking does not work here. */
const CANNOT_SERVE = /chat model|not supported in the v1\/completions|not a completion model|does not support (?:insert|infill|fim|completions?)|infill is not supported|not supported by this model|fim (?:is )?not supported|only supports? chat|use (?:the )?(?:v1\/)?chat\/completions/i;
// Within one sentence: a dot inside a model's name (qwen2.5-coder, llama3.2) does not end it.
const MODEL_MISSING = /model(?:[^.]|\.(?!\s|$)){0,80}(?:not found|does not exist|not available|unknown)|(?:no|unknown) such model|model_not_found/i;
/** Ollama's refusal of `suffix` for a model whose template has no place for it. */
const INSERT_NOT_SUPPORTED = /does not support insert/i;

export function classifyCompletionFailure(error: unknown, body: Record<string, unknown>, model: string): CompletionFailure {
  if (error instanceof HttpError) {
    const words = `${error.serverMessage} ${error.serverCode ?? ''}`;
    const detail = error.message;
    // LM Studio's "Unexpected endpoint or method", whatever status carried it (it sends 200).
    if (saysUnexpectedEndpoint(error.serverMessage)) return { kind: 'no-endpoint', scope: 'endpoint', detail };
    if (error.status === 401 || error.status === 403) return { kind: 'stop', detail, fix: 'set-api-key' };
    if (error.status === 429) return { kind: 'back-off', detail, retryAfterMs: error.retryAfterMs };
    // llama.cpp refuses `suffix` on /v1/completions with a 500, LiteLLM with a 400 naming it among "parameters".
    // Ollama refuses it as "<model> does not support insert": the raw FIM prompt may still work.
    if ('suffix' in body && ((/suffix/i.test(words) && FIELD_NOT_ACCEPTED.test(words)) || INSERT_NOT_SUPPORTED.test(words))) return { kind: 'suffix-refused', detail };
    if (CANNOT_SERVE.test(words)) return { kind: 'no-endpoint', scope: 'way', detail };
    if ((error.status === 404 || error.status === 400) && MODEL_MISSING.test(words) && (words.includes(model) || /model/i.test(words))) {
      return { kind: 'stop', detail, fix: 'select-model' };
    }
    if (error.status === 404 || error.status === 405 || error.status === 501) return { kind: 'no-endpoint', scope: 'endpoint', detail };
    if (error.status === 400 || error.status === 422) {
      if ('suffix' in body && /suffix/i.test(words)) return { kind: 'suffix-refused', detail };
      const field = DROPPABLE_COMPLETION_FIELDS.find((name) => name in body && words.includes(name) && FIELD_NOT_ACCEPTED.test(words));
      if (field) return { kind: 'field-refused', field, detail };
      return { kind: 'stop', detail, fix: 'open-settings' };
    }
    return { kind: 'back-off', detail, retryAfterMs: error.retryAfterMs };
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) return { kind: 'back-off', detail: error.message, retryAfterMs: undefined };
  const detail = error instanceof AskModelError || error instanceof Error ? error.message : String(error);
  return { kind: 'back-off', detail, retryAfterMs: undefined };
}
