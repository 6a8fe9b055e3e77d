// The conversation as the service sees it: system, user, assistant (optionally with tool calls) and tool results.

export interface ToolCallRecord {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | UserContentPart[] }
  /** `reasoning_content`: the reasoning that came with it, kept so that a model that must have it back (DeepSeek's
   * thinking mode) gets it; the transport sends it only to such a model (CompatibilityMemory). */
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCallRecord[]; reasoning_content?: string }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A part of a user message that holds more than text: images go as `image_url` parts with a `data:` URL. */
export type UserContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export type ChatRole = ChatMessage['role'];

/** A function definition in the service's shape: JSON-Schema parameters with `type: "object"`. */
export interface ToolDefinition {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: { type: 'object'; properties: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  };
}

export interface ChatMetadata {
  tags?: string[];
  generation_name?: string;
  trace_user_id?: string;
  [key: string]: unknown;
}

/** The body POSTed to `/v1/chat/completions`. Extra-body keys are merged at the top level. */
export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  tools?: ToolDefinition[];
  tool_choice?: 'auto' | 'none' | 'required';
  metadata?: ChatMetadata;
  stream_options?: { include_usage?: boolean; [key: string]: unknown };
  [extra: string]: unknown;
}

export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  [key: string]: unknown;
}
