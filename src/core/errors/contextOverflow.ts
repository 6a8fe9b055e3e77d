// Whether an error answer says the prompt did not fit the model's context window, in each shape servers say it, and
// the numbers it carries: the window the server really enforces is worth more than any catalogue's, and the prompt as
// the server counted it shows how far off our estimate was. Each phrase below is one a server sent (the cases and their
// sources are in test/fixtures/overflow).

export interface ContextOverflow {
  /** The window the server enforces, in tokens. */
  contextWindow?: number;
  /** The prompt as the server counted it. */
  promptTokens?: number;
  /** Prompt and output together, when the server said only their sum. */
  requestedTokens?: number;
  /** The output the request asked room for (`max_tokens`), when the server counted it against the window. */
  requestedOutputTokens?: number;
  /** How many tokens over the window the request was, when that is all the server said (Ollama). */
  exceededBy?: number;
}

const OVERFLOW_MARKERS: readonly RegExp[] = [
  /context_length_exceeded/i, // OpenAI, Azure OpenAI, Groq
  /exceed_context_size_error|exceeds the available context size/i, // llama.cpp
  /ContextWindowExceededError/, // LiteLLM
  /maximum context length/i, // OpenAI, vLLM, FastChat, OpenRouter, Mistral, DeepSeek, SambaNova
  /prompt is too long: \d+ tokens|exceed context limit: \d/i, // Anthropic (direct, through LiteLLM or Bedrock)
  // Anthropic's with no numbers (Claude on Google Vertex), the whole message, as a gateway relays it: OpenRouter's 413
  // 'Provider returned error' with the upstream's raw body. A 413 is an overflow by its words, never by its status.
  /(?:^|")Prompt is too long(?:\\?"|$)/,
  /prompt too long; exceeded max context length/i, // Ollama
  /reduce the length of the messages or completion/i, // Groq, Cerebras
  /`inputs` tokens \+ `max_new_tokens` must be <=/, // text-generation-inference (HF Inference Endpoints, HuggingChat)
  /tokens to keep from the initial prompt is greater than the context length/i, // LM Studio
  /Trying to keep the first \d+ tokens when context the overflows/i, // LM Studio
  /Cannot truncate prompt with n_keep/i, // LM Studio (llama.cpp engine)
  /context size has been exceeded/i, // llama.cpp's 500 with no numbers; LM Studio's MLX engine
  /the context window is full/i, // kronk (a llama.cpp-based server), inside a 200 stream
  // Gemini's native API, with the input count in brackets, without it, or with the window unbracketed too (Antigravity).
  /input token count (?:\(\d+\) )?exceeds the maximum number of tokens allowed/i,
  /Request size exceeds model context window/i, // Anthropic's 413
  /Input is too long for requested model/i, // Amazon Bedrock
  /prompt is too long: \d+, model maximum context length/i, // Fireworks
  /too many tokens: total number of tokens \(prompt and prediction\) cannot exceed/i, // Cohere
];

type NumberField = keyof ContextOverflow;

/** Where each number is said; the first phrase that matches gives the field. */
const NUMBER_PHRASES: readonly [NumberField, RegExp][] = [
  ['contextWindow', /maximum context length is (\d+)/i],
  ['contextWindow', /too large for model with (\d+) maximum context length/i],
  ['contextWindow', /available context size \((\d+) tokens\)/i],
  ['contextWindow', /"n_ctx"\s*:\s*(\d+)/],
  ['contextWindow', /tokens > (\d+) maximum/i],
  ['contextWindow', /exceed context limit: \d+ \+ \d+ > (\d+)/i],
  ['contextWindow', /Current length is \d+ while limit is (\d+)/i],
  ['contextWindow', /maximum context length of \S+ is (\d+)/i],
  ['contextWindow', /`max_new_tokens` must be <= (\d+)\. Given/],
  ['contextWindow', /\bn_ctx(?::\s*|\s*\()(\d+)/],
  ['contextWindow', /context length of only (\d+) tokens/i],
  ['contextWindow', /maximum number of tokens allowed \(?(\d+)\)?/i],
  ['contextWindow', /model maximum context length: (\d+)/i],
  ['contextWindow', /cannot exceed (\d+) - received \d+/i],
  ['promptTokens', /your messages resulted in (\d+) tokens/i],
  ['promptTokens', /\((\d+) in the messages/i],
  ['promptTokens', /your request has (\d+) input tokens/i],
  ['promptTokens', /request \((\d+) tokens\) exceeds/i],
  ['promptTokens', /"n_prompt_tokens"\s*:\s*(\d+)/],
  ['promptTokens', /Prompt contains (\d+) tokens/i],
  ['promptTokens', /prompt is too long: (\d+) tokens/i],
  ['promptTokens', /exceed context limit: (\d+) \+/i],
  ['promptTokens', /Current length is (\d+)/i],
  ['promptTokens', /\((\d+) of text input/i],
  ['promptTokens', /prompt contains at least (\d+) input tokens/i],
  ['promptTokens', /Given: (\d+) `inputs` tokens/],
  ['promptTokens', /\bn_keep(?::\s*|\s*\()(\d+)/],
  ['promptTokens', /keep the first (\d+) tokens/i],
  ['promptTokens', /input token count \((\d+)\)/i],
  ['promptTokens', /prompt is too long: (\d+),/i],
  ['requestedTokens', /you requested (?:about )?(\d+) tokens/i],
  ['requestedTokens', /for a total of at least (\d+) tokens/i],
  ['requestedTokens', /answering your request will take (\d+) tokens/i],
  ['requestedTokens', /cannot exceed \d+ - received (\d+)/i],
  ['requestedOutputTokens', /(\d+) in the (?:completion|output)\)/i],
  ['requestedOutputTokens', /is too large: (\d+)/i],
  ['requestedOutputTokens', /exceed context limit: \d+ \+ (\d+)/i],
  ['requestedOutputTokens', /you requested (\d+) output tokens/i],
  ['requestedOutputTokens', /and (\d+) `max_new_tokens`/],
  ['exceededBy', /exceeded max context length by (\d+)/i],
];

/** Statuses whose body says something else first: the key, the permission, the URL, the rate. */
const OTHER_MEANING_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 429]);

/** The overflow `bodyText` describes, with every number it gives; undefined when it is another error. */
export function recogniseContextOverflow(status: number, bodyText: string): ContextOverflow | undefined {
  if (status < 400 || OTHER_MEANING_STATUSES.has(status)) return undefined;
  if (!OVERFLOW_MARKERS.some((marker) => marker.test(bodyText))) return undefined;
  const overflow: ContextOverflow = {};
  for (const [field, phrase] of NUMBER_PHRASES) {
    if (overflow[field] !== undefined) continue;
    const value = Number(phrase.exec(bodyText)?.[1]);
    if (Number.isSafeInteger(value) && value > 0) overflow[field] = value;
  }
  return overflow;
}
