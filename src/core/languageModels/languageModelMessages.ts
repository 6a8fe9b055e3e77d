// What VS Code's language model API hands a provider (its messages, parts and tools), turned into the conversation
// and tool definitions our requests carry. The parts are recognised by their shape, not by `instanceof`: core never
// loads `vscode`, and VS Code gives a provider its own instances of the part classes anyway, so the fields are the
// contract. Images in a user message go as `image_url` parts to a model that reads them (the catalogue's vision, the
// capability we advertise); parts the service cannot carry are named in the text rather than dropped without a word.
import type { ChatMessage, ToolCallRecord, ToolDefinition, UserContentPart } from '../protocol/messages';

/** VS Code's `LanguageModelChatMessageRole`: User 1, Assistant 2 (and System 3, which VS Code's own chat sends). */
export const LANGUAGE_MODEL_ROLE = { user: 1, assistant: 2, system: 3 } as const;

/** `LanguageModelChatRequestMessage`, as far as a request needs it. */
export interface LanguageModelMessageShape {
  readonly role: number;
  readonly content: readonly unknown[];
  readonly name?: string | undefined;
}

/** `LanguageModelChatTool`. */
export interface LanguageModelToolShape {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: object | undefined;
}

/** `LanguageModelChatToolMode`: Auto 1, Required 2. */
export const LANGUAGE_MODEL_TOOL_MODE = { auto: 1, required: 2 } as const;

interface TextPart {
  value: string;
}
interface ToolCallPart {
  callId: string;
  name: string;
  input: unknown;
}
interface ToolResultPart {
  callId: string;
  content: readonly unknown[];
}
interface DataPart {
  mimeType: string;
  data: Uint8Array;
}

/**
 * A thinking part of an earlier answer (`LanguageModelThinkingPart`), as the host hands it over: its shape is a text
 * part's, so the host, which can test the class, marks it. It goes back as the message's `reasoning_content` (which
 * the transport sends only to a model that wants it), never into the answer's text.
 */
export interface ThinkingMark {
  readonly thinking: string;
}

const isObject = (part: unknown): part is Record<string, unknown> => typeof part === 'object' && part !== null;
const isThinkingMark = (part: unknown): part is ThinkingMark => isObject(part) && typeof part['thinking'] === 'string' && !('value' in part);
const isToolCallPart = (part: unknown): part is ToolCallPart => isObject(part) && typeof part['callId'] === 'string' && typeof part['name'] === 'string' && 'input' in part;
const isToolResultPart = (part: unknown): part is ToolResultPart => isObject(part) && typeof part['callId'] === 'string' && Array.isArray(part['content']);
const isDataPart = (part: unknown): part is DataPart => isObject(part) && typeof part['mimeType'] === 'string' && part['data'] instanceof Uint8Array;
const isTextPart = (part: unknown): part is TextPart => isObject(part) && typeof part['value'] === 'string';

/** The image types OpenAI-compatible vision models take as `data:` URLs. */
const SENDABLE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const isSendableImage = (part: unknown): part is DataPart => isDataPart(part) && SENDABLE_IMAGE_TYPES.has(part.mimeType.toLowerCase());

/** Where a part is: an image can go only in a user message (a `tool` message holds one string). */
type PartPlace = 'message' | 'tool-result';

/** Text and JSON data travel as text; anything else (an image where none is sent, a binary) is named. */
function dataText(part: DataPart, place: PartPlace): string {
  const mime = part.mimeType.toLowerCase();
  if (mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json')) return new TextDecoder().decode(part.data);
  const why = place === 'tool-result' ? 'a tool result is sent as text only' : SENDABLE_IMAGE_TYPES.has(mime) ? 'this model is not known to read images' : 'Ask Model sends only text and images';
  return `[${part.mimeType} content of ${part.data.byteLength} bytes left out: ${why}]`;
}

function imagePart(part: DataPart): UserContentPart {
  return { type: 'image_url', image_url: { url: `data:${part.mimeType.toLowerCase()};base64,${base64(part.data)}` } };
}

/** Base64 without Buffer (core runs in plain JS too); chunked so a large image never builds one huge argument list. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** The text of one part of a message or of a tool result; '' for a part that has none. */
function partText(part: unknown, place: PartPlace = 'message'): string {
  if (typeof part === 'string') return part;
  if (isDataPart(part)) return dataText(part, place);
  if (isTextPart(part)) return part.value;
  // A prompt-tsx part (`value` is a rendered element tree): its JSON is the closest the service can take.
  if (isObject(part) && 'value' in part && part['value'] !== undefined) return JSON.stringify(part['value']);
  return '';
}

/** Parts of a tool result (`LanguageModelToolResult.content` too) as the one string a `tool` message holds. */
export function languageModelPartsText(parts: readonly unknown[]): string {
  return parts.map((part) => partText(part, 'tool-result')).join('');
}

function toolResultText(part: ToolResultPart): string {
  return languageModelPartsText(part.content);
}

/**
 * The conversation for the service. A user message's tool results become `tool` messages placed first (the service
 * wants them right after the assistant's calls), its text a user message after them (with its images, in order, as
 * parts when `readsImages`); an assistant message's tool calls become `tool_calls` with their input as JSON text.
 */
export function chatMessagesFromLanguageModel(messages: readonly LanguageModelMessageShape[], options: { readsImages?: boolean } = {}): ChatMessage[] {
  const result: ChatMessage[] = [];
  for (const message of messages) {
    let text = '';
    let reasoning = '';
    const calls: ToolCallRecord[] = [];
    const toolResults: ChatMessage[] = [];
    /** The user message's parts once it has an image to send; until then, only `text`. */
    const parts: UserContentPart[] = [];
    for (const part of message.content) {
      if (isThinkingMark(part)) reasoning += part.thinking;
      else if (isToolCallPart(part)) calls.push({ id: part.callId, type: 'function', function: { name: part.name, arguments: JSON.stringify(part.input ?? {}) } });
      else if (isToolResultPart(part)) toolResults.push({ role: 'tool', tool_call_id: part.callId, content: toolResultText(part) });
      else if (options.readsImages === true && message.role === LANGUAGE_MODEL_ROLE.user && isSendableImage(part)) {
        if (text !== '') parts.push({ type: 'text', text });
        text = '';
        parts.push(imagePart(part));
      } else text += partText(part);
    }
    if (parts.length > 0) {
      if (text !== '') parts.push({ type: 'text', text });
      result.push(...toolResults, { role: 'user', content: parts });
      continue;
    }
    if (message.role === LANGUAGE_MODEL_ROLE.assistant) {
      const thought = reasoning === '' ? {} : { reasoning_content: reasoning };
      result.push(calls.length > 0 ? { role: 'assistant', content: text === '' ? null : text, ...thought, tool_calls: calls } : { role: 'assistant', content: text, ...thought });
      continue;
    }
    result.push(...toolResults);
    if (message.role === LANGUAGE_MODEL_ROLE.system) result.push({ role: 'system', content: text });
    else if (text !== '' || toolResults.length === 0) result.push({ role: 'user', content: text });
  }
  return result;
}

/** The caller's tools as function definitions; a tool without a schema takes no arguments. */
export function toolDefinitionsFromLanguageModel(tools: readonly LanguageModelToolShape[] | undefined): ToolDefinition[] {
  return (tools ?? []).map((tool) => {
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
    const properties = isObject(schema['properties']) ? schema['properties'] : {};
    return {
      type: 'function',
      function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: { ...schema, type: 'object', properties } },
    };
  });
}

/** `tool_choice` for the caller's tool mode. */
export function toolChoiceFor(toolMode: number | undefined): 'auto' | 'required' {
  return toolMode === LANGUAGE_MODEL_TOOL_MODE.required ? 'required' : 'auto';
}
