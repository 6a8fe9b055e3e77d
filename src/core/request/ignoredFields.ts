// Request fields that did not reach the model, named for the log where that can be known. A gateway in front of the
// server may pass on only the fields it knows: Portkey's gateway builds the upstream body from a per-provider list
// (transformUsingProviderConfig, src/services/transformToProviderRequest.ts) and silently leaves out every other
// top-level field, so a llama.cpp `n_predict` or `top_k` in askModel.extraBody never arrives. What can be known:
// - from the answer: a length limit (max_tokens, max_completion_tokens, or a server's own spelling in extraBody) that
//   the answer's usage exceeds was not applied, by the server or by something in front of it;
// - from the gateway's own source, once its headers show it relayed the answer: the fields outside its list for the
//   provider it named. Only Portkey's `openai` provider (the one for any OpenAI-compatible server) is listed here;
//   for other providers it rewrites the body per provider and nothing is claimed.
// What cannot be known from an answer, and is not claimed: whether `tools`, `metadata`, `reasoning_effort` or
// `stream_options` arrived (a model may simply not call a tool, not reason, or a server not count usage). Portkey's
// `openai` list includes all four, so through it they do arrive.
import type { ChatDone, IgnoredFields } from '../stream/events';

/**
 * The top-level fields Portkey's gateway passes on for `x-portkey-provider: openai` (OpenAIChatCompleteConfig in
 * src/providers/openai/chatComplete.ts at v1.15.2, commit ca7712947ec8c0887803990b746740d36011c697).
 */
export const PORTKEY_OPENAI_CHAT_FIELDS: ReadonlySet<string> = new Set([
  'model', 'messages', 'functions', 'function_call', 'max_tokens', 'temperature', 'top_p', 'n', 'stream', 'stop',
  'presence_penalty', 'frequency_penalty', 'logit_bias', 'user', 'seed', 'tools', 'tool_choice', 'response_format',
  'logprobs', 'top_logprobs', 'stream_options', 'service_tier', 'parallel_tool_calls', 'max_completion_tokens', 'store',
  'metadata', 'modalities', 'audio', 'prediction', 'reasoning_effort', 'web_search_options', 'prompt_cache_key',
  'safety_identifier', 'verbosity',
]);

/** Spellings of "the most tokens to answer with": OpenAI's two, llama.cpp's, Ollama's, TGI's, Gemini's. */
const LENGTH_LIMITS = ['max_tokens', 'max_completion_tokens', 'n_predict', 'num_predict', 'max_new_tokens', 'max_output_tokens'];

/** The fields of `body` (the request as sent) that `done` shows, or its gateway is known, not to have applied. */
export function ignoredRequestFields(body: Readonly<Record<string, unknown>>, done: ChatDone): IgnoredFields | undefined {
  const gateway = done.headers.gateway;
  const notForwarded = gateway?.name === 'portkey' && gateway.provider === 'openai' ? Object.keys(body).filter((field) => !PORTKEY_OPENAI_CHAT_FIELDS.has(field)).sort() : [];
  const answered = done.usage?.completion_tokens;
  const overrun = typeof answered === 'number' ? LENGTH_LIMITS.filter((field) => typeof body[field] === 'number' && answered > (body[field] as number)) : [];
  if (notForwarded.length === 0 && overrun.length === 0) return undefined;

  const sentences: string[] = [];
  if (overrun.length > 0) {
    const limits = overrun.map((field) => `${field} ${String(body[field])}`).join(', ');
    const lost = overrun.filter((field) => notForwarded.includes(field));
    sentences.push(
      `the answer has ${answered} tokens although the request asked for at most ${limits}: ${list(overrun)} ${overrun.length === 1 ? 'was' : 'were'} not applied` +
        (lost.length > 0 ? ` (Portkey's gateway did not pass ${list(lost)} on)` : gateway ? ' (by the server, or the gateway in front of it)' : ' (by the server, or something in front of it)'),
    );
  }
  const unseen = notForwarded.filter((field) => !overrun.includes(field));
  if (unseen.length > 0) {
    sentences.push(
      `Portkey's gateway (x-portkey-provider: openai) passes on only the request fields it knows, and ${list(unseen)} ${unseen.length === 1 ? 'is' : 'are'} not among them (its 1.15.2 source): ` +
        `the server never saw ${unseen.length === 1 ? 'it' : 'them'}; the answer cannot show it`,
    );
  }
  const fields = [...new Set([...overrun, ...notForwarded])].sort();
  const fix = notForwarded.length > 0 ? ` To send ${list(notForwarded)}, point this profile at the server itself rather than through the gateway.` : '';
  return { fields, note: `${sentences.join('; ')}.${fix}` };
}

function list(fields: readonly string[]): string {
  return fields.map((field) => `"${field}"`).join(', ');
}
