// Every kind of part VS Code's language model API and Copilot Chat put in the messages they hand a provider, what the
// sender means by it, and what it does to our request: one record each, so a kind the code can tell apart has its
// record (the compiler holds `languageModelPartKind` to the table's keys) and the tests walk the whole table.
//
// Content becomes text, an image, a tool call or result, or reasoning. A marker is the sender's own bookkeeping and
// never reaches the server: Copilot puts them in the messages it gives an extension's model (`convertToApiChatMessage`
// in microsoft/vscode extensions/copilot/src/platform/endpoint/vscode-node/extChatEndpoint.ts, read at commit
// 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd: a `cache_control` part after each cache breakpoint, also inside tool
// results, and a `stateful_marker` part in assistant messages), and its MIME types are `CustomDataPartMimeTypes`
// (extensions/copilot/src/platform/endpoint/common/endpointTypes.ts, same commit). Before this table a marker became
// prompt text ("[cache_control content of 9 bytes left out: …]"). A data part whose type is no media type (no "/")
// and is not listed is another sender's marker: dropped, and the host logs it once. A media type we cannot send (a
// PDF, an archive) is content: the text still names it, so the model knows something was left out.

/** What a part does to the request. */
export type PartHandling =
  /** Its text joins the message's (or the tool result's). */
  | 'text'
  /** An `image_url` part in a user message to a model that reads images; elsewhere named in the text. */
  | 'image'
  /** Content the request cannot carry: the text names its type, its size and why. */
  | 'named'
  | 'toolCall'
  | 'toolResult'
  /** The assistant message's `reasoning_content` (sent only to a model that wants it). */
  | 'reasoning'
  /** The sender's bookkeeping: dropped, never sent. */
  | 'marker'
  /** Not content and not a known marker: dropped, and the host logs it once at debug level. */
  | 'unknown';

export interface LanguageModelPartType {
  /** How it arrives: VS Code's class, and a data part's MIME type. */
  readonly arrives: string;
  /** What its sender means by it. */
  readonly means: string;
  readonly becomes: PartHandling;
  /** What a later change will do with it instead. */
  readonly later?: string;
}

export const LANGUAGE_MODEL_PART_TYPES = {
  textPart: { arrives: 'LanguageModelTextPart (or a plain string)', means: 'Text of the message, or of a tool result.', becomes: 'text' },
  promptTsxPart: { arrives: 'LanguageModelPromptTsxPart', means: 'A tool result rendered by @vscode/prompt-tsx (an element tree): its JSON is the closest text.', becomes: 'text' },
  toolCallPart: { arrives: 'LanguageModelToolCallPart', means: 'A tool call of an earlier answer (sent as the assistant message\'s tool_calls).', becomes: 'toolCall' },
  toolResultPart: { arrives: 'LanguageModelToolResultPart (LanguageModelToolResultPart2)', means: 'The caller\'s result of a tool call (sent as a tool message).', becomes: 'toolResult' },
  thinkingPart: {
    arrives: 'LanguageModelThinkingPart (marked by the host, which can test the class)',
    means: 'An earlier answer\'s reasoning; Copilot hands its thinking data to an extension\'s model as this part.',
    becomes: 'reasoning',
  },
  imageData: { arrives: 'LanguageModelDataPart image/png, image/jpeg, image/gif, image/webp', means: 'An image the user attached or a tool returned.', becomes: 'image' },
  textData: { arrives: 'LanguageModelDataPart text/*, application/json, */*+json', means: 'Text or JSON (LanguageModelDataPart.text and .json).', becomes: 'text' },
  mediaData: { arrives: 'LanguageModelDataPart of any other media type', means: 'A file the service cannot take as text (a PDF, an archive, another image type).', becomes: 'named' },
  cache_control: {
    arrives: 'LanguageModelDataPart cache_control, data "ephemeral"',
    means: 'Copilot\'s prompt-cache breakpoint: the prompt up to this part may be cached (Anthropic\'s cache_control). Copilot sends one after each breakpoint, inside tool results too.',
    becomes: 'marker',
    later: 'honoured in a later issue (sent as the server\'s cache_control where it takes one); until then dropped',
  },
  stateful_marker: {
    arrives: 'LanguageModelDataPart stateful_marker, data "<model id>\\<marker>"',
    means: 'Copilot\'s marker of a conversation state kept by a server (a Responses API response id), on an assistant message, for the provider that made it.',
    becomes: 'marker',
  },
  thinking: {
    arrives: 'LanguageModelDataPart thinking',
    means: 'Copilot\'s thinking data as an opaque part (a reasoning block with its id and signature or encrypted content); the reasoning itself comes as LanguageModelThinkingPart.',
    becomes: 'marker',
  },
  context_management: {
    arrives: 'LanguageModelDataPart context_management, JSON',
    means: 'Anthropic\'s context-management (compaction) response, which Copilot\'s own Anthropic provider reports and Copilot carries in its history.',
    becomes: 'marker',
  },
  phase_data: { arrives: 'LanguageModelDataPart phase_data, JSON', means: 'The Responses API phase of an assistant message (such as tool_calling), for Copilot\'s own endpoints.', becomes: 'marker' },
  response_output_message_id: {
    arrives: 'LanguageModelDataPart response_output_message_id',
    means: 'The Responses API id of an assistant message\'s output, for Copilot\'s own endpoints (newer Copilot builds; split out of phase_data).',
    becomes: 'marker',
  },
  usage: {
    arrives: 'LanguageModelDataPart usage, JSON',
    means: 'A provider\'s token usage for its answer (ours ends every answer with one); a caller that keeps an answer\'s parts may send it back.',
    becomes: 'marker',
  },
  unknownData: { arrives: 'LanguageModelDataPart of a type with no "/" that is not listed here', means: 'Another sender\'s bookkeeping, not content.', becomes: 'unknown' },
  unknownPart: { arrives: 'any other object', means: 'A part of a newer API, or another extension\'s own.', becomes: 'unknown' },
} as const satisfies Record<string, LanguageModelPartType>;

export type LanguageModelPartKind = keyof typeof LANGUAGE_MODEL_PART_TYPES;

/** `LanguageModelTextPart`. */
export interface TextPart {
  value: string;
}
/** `LanguageModelToolCallPart`. */
export interface ToolCallPart {
  callId: string;
  name: string;
  input: unknown;
}
/** `LanguageModelToolResultPart`. */
export interface ToolResultPart {
  callId: string;
  content: readonly unknown[];
}
/** `LanguageModelDataPart`. */
export interface DataPart {
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
export const isThinkingMark = (part: unknown): part is ThinkingMark => isObject(part) && typeof part['thinking'] === 'string' && !('value' in part);
export const isToolCallPart = (part: unknown): part is ToolCallPart => isObject(part) && typeof part['callId'] === 'string' && typeof part['name'] === 'string' && 'input' in part;
export const isToolResultPart = (part: unknown): part is ToolResultPart => isObject(part) && typeof part['callId'] === 'string' && Array.isArray(part['content']);
export const isDataPart = (part: unknown): part is DataPart => isObject(part) && typeof part['mimeType'] === 'string' && part['data'] instanceof Uint8Array;
export const isTextPart = (part: unknown): part is TextPart => isObject(part) && typeof part['value'] === 'string';
/** A prompt-tsx part: `value` is a rendered element tree. */
export const isPromptTsxPart = (part: unknown): part is { value: unknown } => isObject(part) && 'value' in part && part['value'] !== undefined && typeof part['value'] !== 'string';

/** The image types OpenAI-compatible vision models take as `data:` URLs. */
export const SENDABLE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The markers by their MIME type (the table's keys of the kinds that are markers). */
const MARKER_KINDS: ReadonlyMap<string, LanguageModelPartKind> = new Map(
  (Object.keys(LANGUAGE_MODEL_PART_TYPES) as LanguageModelPartKind[]).filter((kind) => LANGUAGE_MODEL_PART_TYPES[kind].becomes === 'marker').map((kind) => [kind, kind]),
);

/** The kind of a data part by its MIME type. */
function dataKind(mimeType: string): LanguageModelPartKind {
  const mime = mimeType.trim().toLowerCase();
  // A media type has a "/" (RFC 6838); Copilot's own types have none, and neither has another sender's marker.
  if (!mime.includes('/')) return MARKER_KINDS.get(mime) ?? 'unknownData';
  if (SENDABLE_IMAGE_TYPES.has(mime)) return 'imageData';
  if (mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json')) return 'textData';
  return 'mediaData';
}

/** Which record of the table a part is, by its fields (core never loads `vscode`; the fields are the contract). */
export function languageModelPartKind(part: unknown): LanguageModelPartKind {
  if (typeof part === 'string') return 'textPart';
  if (isThinkingMark(part)) return 'thinkingPart';
  if (isToolCallPart(part)) return 'toolCallPart';
  if (isToolResultPart(part)) return 'toolResultPart';
  if (isDataPart(part)) return dataKind(part.mimeType);
  if (isTextPart(part)) return 'textPart';
  if (isPromptTsxPart(part)) return 'promptTsxPart';
  return 'unknownPart';
}

/** An unknown part as the log names it: its type or its fields, never its content. */
export function unknownPartDescription(part: unknown): string {
  if (isDataPart(part)) return `a data part of type ${JSON.stringify(part.mimeType.slice(0, 80))}`;
  if (isObject(part)) {
    const fields = Object.keys(part).sort();
    return fields.length === 0 ? 'a part with no fields' : `a part with the fields ${fields.slice(0, 8).join(', ')}${fields.length > 8 ? ', …' : ''}`;
  }
  return `a part of type ${part === null ? 'null' : typeof part}`;
}
