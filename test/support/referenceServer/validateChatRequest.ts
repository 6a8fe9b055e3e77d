// Checks a chat-completions request body against the service interface and names the first field that is wrong.
// Hand-written rather than zod so that every message names the exact path (`messages[2].tool_call_id`), as the
// `param` of an OpenAI 400 does.

export const MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export interface RequestToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ChatMessage {
  role: MessageRole;
  content: string | null;
  toolCalls: RequestToolCall[];
  toolCallId?: string;
}

export interface ToolDefinition {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

/** 'auto' | 'none' | 'required', or the name of the one function the request forces. */
export type ToolChoice = 'auto' | 'none' | 'required' | { functionName: string };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  includeUsage: boolean;
  tools: ToolDefinition[];
  toolChoice: ToolChoice | undefined;
}

export type ChatRequestValidation =
  | { ok: true; request: ChatRequest }
  | { ok: false; param: string | null; message: string };

const TOOL_CHOICE_STRINGS = ['auto', 'none', 'required'] as const;
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

class InvalidField extends Error {
  constructor(
    readonly param: string | null,
    message: string,
  ) {
    super(message);
  }
}

export function validateChatRequest(body: unknown): ChatRequestValidation {
  try {
    return { ok: true, request: readChatRequest(body) };
  } catch (error) {
    if (error instanceof InvalidField) return { ok: false, param: error.param, message: error.message };
    throw error;
  }
}

function readChatRequest(body: unknown): ChatRequest {
  if (!isRecord(body)) throw new InvalidField(null, `The request body must be a JSON object, got ${describe(body)}.`);

  const model = body.model;
  if (model === undefined) throw missing('model');
  if (typeof model !== 'string' || model.trim() === '') throw invalid('model', 'expected a non-empty string', model);

  const stream = optional(body, 'stream', (value) => {
    if (typeof value !== 'boolean') throw invalid('stream', 'expected a boolean', value);
    return value;
  });
  const includeUsage = optional(body, 'stream_options', readStreamOptions) ?? false;
  const tools = optional(body, 'tools', readTools) ?? [];
  const toolChoice = optional(body, 'tool_choice', (value) => readToolChoice(value, tools));
  optional(body, 'metadata', readMetadata);
  optional(body, 'contents', readContents);
  optional(body, 'extra_body', (value) => {
    if (!isRecord(value)) throw invalid('extra_body', 'expected an object', value);
  });
  const messages = readMessages(body.messages);

  return { model, messages, stream: stream ?? false, includeUsage, tools, toolChoice };
}

function readMessages(value: unknown): ChatMessage[] {
  if (value === undefined) throw missing('messages');
  if (!Array.isArray(value)) throw invalid('messages', 'expected an array of message objects', value);
  if (value.length === 0) throw invalid('messages', 'expected at least one message', value);
  const offeredCallIds = new Set<string>();
  return value.map((item, index) => {
    const message = readMessage(item, `messages[${index}]`, offeredCallIds);
    for (const call of message.toolCalls) offeredCallIds.add(call.id);
    return message;
  });
}

/**
 * A user message's content as parts, as OpenAI's API takes it: `text` parts and `image_url` parts (an http(s) URL or
 * a base64 `data:image/…` URL). The server reads it as its text, an image counted as a placeholder.
 */
function readUserContentParts(parts: readonly unknown[], path: string): string {
  if (parts.length === 0) throw invalid(path, 'expected a string or a non-empty array of content parts', parts);
  return parts
    .map((part, index) => {
      const at = `${path}[${index}]`;
      if (!isRecord(part)) throw invalid(at, 'expected a content part object', part);
      if (part.type === 'text') {
        if (typeof part.text !== 'string') throw invalid(`${at}.text`, 'expected a string', part.text);
        return part.text;
      }
      if (part.type === 'image_url') {
        const url = isRecord(part.image_url) ? part.image_url.url : undefined;
        if (typeof url !== 'string' || !/^(?:https?:\/\/|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+=*$)/.test(url)) {
          throw invalid(`${at}.image_url.url`, 'expected an http(s) URL or a base64 data:image/… URL', url);
        }
        return '[image]';
      }
      throw invalid(`${at}.type`, 'expected "text" or "image_url"', part.type);
    })
    .join('');
}

function readMessage(value: unknown, path: string, offeredCallIds: ReadonlySet<string>): ChatMessage {
  if (!isRecord(value)) throw invalid(path, 'expected a message object', value);
  const role = value.role;
  if (role === undefined) throw missing(`${path}.role`);
  if (typeof role !== 'string' || !(MESSAGE_ROLES as readonly string[]).includes(role)) {
    throw invalid(`${path}.role`, `expected one of ${MESSAGE_ROLES.join(', ')}`, role);
  }
  const typedRole = role as MessageRole;

  const toolCalls = typedRole === 'assistant' ? (optional(value, 'tool_calls', (calls) => readRequestToolCalls(calls, `${path}.tool_calls`)) ?? []) : [];

  const content = value.content;
  let typedContent: string | null;
  if (typeof content === 'string') typedContent = content;
  else if (typedRole === 'user' && Array.isArray(content)) typedContent = readUserContentParts(content, `${path}.content`);
  else if ((content === undefined || content === null) && toolCalls.length > 0) typedContent = null;
  else if (content === undefined) throw missing(`${path}.content`);
  else {
    const nullNote = typedRole === 'assistant' ? ' (null is allowed only together with tool_calls)' : '';
    throw invalid(`${path}.content`, `expected a string${nullNote}`, content);
  }

  const message: ChatMessage = { role: typedRole, content: typedContent, toolCalls };
  if (typedRole === 'tool') {
    const toolCallId = value.tool_call_id;
    if (toolCallId === undefined) throw missing(`${path}.tool_call_id`);
    if (typeof toolCallId !== 'string' || toolCallId === '') throw invalid(`${path}.tool_call_id`, 'expected a non-empty string', toolCallId);
    if (!offeredCallIds.has(toolCallId)) {
      throw invalid(`${path}.tool_call_id`, 'expected the id of a tool call in an earlier assistant message', toolCallId);
    }
    message.toolCallId = toolCallId;
  }
  return message;
}

function readRequestToolCalls(value: unknown, path: string): RequestToolCall[] {
  if (!Array.isArray(value)) throw invalid(path, 'expected an array of tool calls', value);
  return value.map((call, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(call)) throw invalid(at, 'expected a tool call object', call);
    if (typeof call.id !== 'string' || call.id === '') throw invalid(`${at}.id`, 'expected a non-empty string', call.id);
    if (call.type !== 'function') throw invalid(`${at}.type`, 'expected "function"', call.type);
    const fn = call.function;
    if (!isRecord(fn)) throw invalid(`${at}.function`, 'expected an object', fn);
    if (typeof fn.name !== 'string' || fn.name === '') throw invalid(`${at}.function.name`, 'expected a non-empty string', fn.name);
    if (typeof fn.arguments !== 'string') throw invalid(`${at}.function.arguments`, 'expected a string of JSON text', fn.arguments);
    return { id: call.id, name: fn.name, arguments: fn.arguments };
  });
}

function readTools(value: unknown): ToolDefinition[] {
  if (!Array.isArray(value)) throw invalid('tools', 'expected an array of tool objects', value);
  const names = new Set<string>();
  return value.map((tool, index) => {
    const at = `tools[${index}]`;
    if (!isRecord(tool)) throw invalid(at, 'expected a tool object', tool);
    if (tool.type !== 'function') throw invalid(`${at}.type`, 'expected "function"', tool.type);
    const fn = tool.function;
    if (fn === undefined) throw missing(`${at}.function`);
    if (!isRecord(fn)) throw invalid(`${at}.function`, 'expected an object', fn);
    const name = fn.name;
    if (name === undefined) throw missing(`${at}.function.name`);
    if (typeof name !== 'string' || !FUNCTION_NAME.test(name)) {
      throw invalid(`${at}.function.name`, 'expected 1-64 letters, digits, underscores or dashes', name);
    }
    if (names.has(name)) throw invalid(`${at}.function.name`, 'expected a name not used by an earlier tool', name);
    names.add(name);
    const description = optional(fn, 'description', (text) => {
      if (typeof text !== 'string') throw invalid(`${at}.function.description`, 'expected a string', text);
      return text;
    });
    const parameters = readParameters(fn.parameters, `${at}.function.parameters`);
    return description === undefined ? { name, parameters } : { name, description, parameters };
  });
}

function readParameters(value: unknown, path: string): Record<string, unknown> {
  if (value === undefined) throw missing(path);
  if (!isRecord(value)) throw invalid(path, 'expected a JSON Schema object', value);
  if (value.type !== 'object') throw invalid(`${path}.type`, 'expected "object"', value.type);
  const properties = value.properties;
  if (properties === undefined) throw missing(`${path}.properties`);
  if (!isRecord(properties)) throw invalid(`${path}.properties`, 'expected an object mapping names to schemas', properties);
  for (const [name, schema] of Object.entries(properties)) {
    const at = `${path}.properties.${name}`;
    if (!isRecord(schema)) throw invalid(at, 'expected a schema object', schema);
    const type = schema.type;
    if (type !== undefined && typeof type !== 'string' && !(Array.isArray(type) && type.every((t) => typeof t === 'string'))) {
      throw invalid(`${at}.type`, 'expected a string', type);
    }
    if (schema.description !== undefined && typeof schema.description !== 'string') {
      throw invalid(`${at}.description`, 'expected a string', schema.description);
    }
    if (schema.enum !== undefined && !Array.isArray(schema.enum)) throw invalid(`${at}.enum`, 'expected an array', schema.enum);
  }
  const required = value.required;
  if (required !== undefined) {
    if (!Array.isArray(required)) throw invalid(`${path}.required`, 'expected an array of property names', required);
    required.forEach((name, index) => {
      if (typeof name !== 'string' || !Object.hasOwn(properties, name)) {
        throw invalid(`${path}.required[${index}]`, 'expected the name of a declared property', name);
      }
    });
  }
  return value;
}

function readToolChoice(value: unknown, tools: readonly ToolDefinition[]): ToolChoice {
  if (typeof value === 'string') {
    if ((TOOL_CHOICE_STRINGS as readonly string[]).includes(value)) return value as ToolChoice;
    throw invalid('tool_choice', `expected one of ${TOOL_CHOICE_STRINGS.join(', ')} or an object`, value);
  }
  if (!isRecord(value)) throw invalid('tool_choice', `expected one of ${TOOL_CHOICE_STRINGS.join(', ')} or an object`, value);
  if (value.type !== 'function') return 'auto';
  const fn = value.function;
  const name = isRecord(fn) ? fn.name : undefined;
  if (typeof name !== 'string') throw invalid('tool_choice.function.name', 'expected a string', name);
  if (!tools.some((tool) => tool.name === name)) throw invalid('tool_choice.function.name', 'expected the name of a declared tool', name);
  return { functionName: name };
}

function readStreamOptions(value: unknown): boolean {
  if (!isRecord(value)) throw invalid('stream_options', 'expected an object', value);
  const includeUsage = value.include_usage;
  if (includeUsage !== undefined && typeof includeUsage !== 'boolean') {
    throw invalid('stream_options.include_usage', 'expected a boolean', includeUsage);
  }
  return includeUsage === true;
}

function readMetadata(value: unknown): void {
  if (!isRecord(value)) throw invalid('metadata', 'expected an object', value);
  const tags = value.tags;
  if (tags !== undefined) {
    if (!Array.isArray(tags)) throw invalid('metadata.tags', 'expected an array of strings', tags);
    tags.forEach((tag, index) => {
      if (typeof tag !== 'string') throw invalid(`metadata.tags[${index}]`, 'expected a string', tag);
    });
  }
  for (const key of ['generation_name', 'trace_user_id'] as const) {
    const field = value[key];
    if (field !== undefined && typeof field !== 'string') throw invalid(`metadata.${key}`, 'expected a string', field);
  }
}

function readContents(value: unknown): void {
  if (!Array.isArray(value)) throw invalid('contents', 'expected an array of objects', value);
  value.forEach((item, index) => {
    if (!isRecord(item)) throw invalid(`contents[${index}]`, 'expected an object', item);
  });
}

function optional<T>(record: Record<string, unknown>, key: string, read: (value: unknown) => T): T | undefined {
  const value = record[key];
  return value === undefined ? undefined : read(value);
}

function missing(param: string): InvalidField {
  return new InvalidField(param, `Missing required parameter: '${param}'.`);
}

function invalid(param: string, expectation: string, got: unknown): InvalidField {
  return new InvalidField(param, `Invalid '${param}': ${expectation}, got ${describe(got)}.`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
