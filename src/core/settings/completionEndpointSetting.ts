// The endpoints inline completion can ask, by name, and the user's choice among them (`completionEndpoint` in a
// profile). The names sit with the settings because a setting's schema lists them; completions/ keeps what each
// endpoint is (its URL, body and answer) and the choosing.
export const COMPLETION_ENDPOINTS = ['infill', 'completions', 'fim', 'ollama-generate', 'chat'] as const;
export type CompletionEndpoint = (typeof COMPLETION_ENDPOINTS)[number];

/** The user's choice of endpoint (`completionEndpoint` in a profile); `auto` probes. */
export type EndpointSetting = 'auto' | CompletionEndpoint;
