// What VS Code's language model API hands a provider (its messages, parts and tools), turned into the conversation
// and tool definitions our requests carry. The parts are recognised by their shape, not by `instanceof`: core never
// loads `vscode`, and VS Code gives a provider its own instances of the part classes anyway, so the fields are the
// contract. What each kind of part does is its entry in PART_HANDLING (languageModelParts.ts): content becomes text,
// images (`image_url` parts to a model that reads them: the catalogue's vision, the capability we advertise), tool
// calls and results and reasoning; a media type the service cannot carry is named in the text rather than dropped
// without a word; Copilot's markers (cache_control, stateful_marker, …) never reach the server.
import type { ChatMessage, ToolCallRecord, ToolDefinition, UserContentPart } from '../protocol/messages';
import {
  languageModelPartKind,
  PART_HANDLING,
  SENDABLE_IMAGE_TYPES,
  unknownPartDescription,
  type DataPart,
  type LanguageModelPartKind,
  type ThinkingMark,
  type ToolCallPart,
  type ToolResultPart,
} from './languageModelParts';

export type { ThinkingMark } from './languageModelParts';

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

export interface LanguageModelMessagesOptions {
  /** The model reads images (a user message's images go as `image_url` parts). */
  readsImages?: boolean;
  /** Told of each part left out as unknown (neither content nor a known marker): what it is, never what it holds. */
  unknownPart?: (description: string) => void;
}

/** Where a part is: an image can go only in a user message (a `tool` message holds one string). */
type PartPlace = 'message' | 'tool-result';

/** A data part the request cannot carry where it is, named: its type, its size and why it was left out. */
function namedData(part: DataPart, place: PartPlace): string {
  const mime = part.mimeType.toLowerCase();
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

/** The text `part` (of kind `kind`) adds where it is: '' for a part that adds none (a marker, an unknown part). */
function partText(part: unknown, kind: LanguageModelPartKind, place: PartPlace, options: LanguageModelMessagesOptions): string {
  const handling = PART_HANDLING[kind];
  switch (handling) {
    case 'text':
      if (typeof part === 'string') return part;
      if (kind === 'textData') return new TextDecoder().decode((part as DataPart).data);
      if (kind === 'promptTsxPart') return JSON.stringify((part as { value: unknown }).value);
      return (part as { value: string }).value;
    case 'image':
    case 'named':
      return namedData(part as DataPart, place);
    case 'unknown':
      options.unknownPart?.(unknownPartDescription(part));
      return '';
    // A marker is never sent; inside a tool result (which holds text only), a call, a result or reasoning has nothing to say.
    case 'marker':
    case 'toolCall':
    case 'toolResult':
    case 'reasoning':
      return '';
    default:
      return assertNever(handling);
  }
}

function partsText(parts: readonly unknown[], options: LanguageModelMessagesOptions): string {
  return parts.map((part) => partText(part, languageModelPartKind(part), 'tool-result', options)).join('');
}

/** Parts of a tool result (`LanguageModelToolResult.content` too) as the one string a `tool` message holds. */
export function languageModelPartsText(parts: readonly unknown[]): string {
  return partsText(parts, {});
}

/**
 * The conversation for the service. A user message's tool results become `tool` messages placed first (the service
 * wants them right after the assistant's calls), its text a user message after them (with its images, in order, as
 * parts when `readsImages`); an assistant message's tool calls become `tool_calls` with their input as JSON text.
 */
export function chatMessagesFromLanguageModel(messages: readonly LanguageModelMessageShape[], options: LanguageModelMessagesOptions = {}): ChatMessage[] {
  const result: ChatMessage[] = [];
  for (const message of messages) {
    let text = '';
    let reasoning = '';
    const calls: ToolCallRecord[] = [];
    const toolResults: ChatMessage[] = [];
    /** The user message's parts once it has an image to send; until then, only `text`. */
    const parts: UserContentPart[] = [];
    let dropped = 0;
    for (const part of message.content) {
      const kind = languageModelPartKind(part);
      const handling = PART_HANDLING[kind];
      if (handling === 'marker' || handling === 'unknown') dropped++;
      if (handling === 'reasoning') reasoning += (part as ThinkingMark).thinking;
      else if (handling === 'toolCall') {
        const call = part as ToolCallPart;
        calls.push({ id: call.callId, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input ?? {}) } });
      } else if (handling === 'toolResult') {
        const result = part as ToolResultPart;
        toolResults.push({ role: 'tool', tool_call_id: result.callId, content: partsText(result.content, options) });
      } else if (handling === 'image' && options.readsImages === true && message.role === LANGUAGE_MODEL_ROLE.user) {
        if (text !== '') parts.push({ type: 'text', text });
        text = '';
        parts.push(imagePart(part as DataPart));
      } else text += partText(part, kind, 'message', options);
    }
    // A message of markers only (nothing the service could read) is not sent as an empty one.
    if (dropped > 0 && dropped === message.content.length) continue;
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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

function assertNever(value: never): never {
  throw new Error(`Unhandled part handling: ${String(value)}`);
}
