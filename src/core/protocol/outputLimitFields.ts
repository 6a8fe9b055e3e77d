// The request's two spellings of the answer-length limit: OpenAI's reasoning models take only
// `max_completion_tokens`, older servers only `max_tokens`. A protocol fact, so both the request builder and the
// client's memory of which spelling a server refused read it from here.
/** The two spellings of the answer-length limit. A body carries at most one. */
export const OUTPUT_LIMIT_FIELDS = ['max_tokens', 'max_completion_tokens'] as const;
export type OutputLimitField = (typeof OUTPUT_LIMIT_FIELDS)[number];
