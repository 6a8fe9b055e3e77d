// Every kind of part VS Code's language model API and Copilot Chat put in the messages they hand a provider, and what
// it does to our request: one entry each in PART_HANDLING, so a kind the code can tell apart has its handling (the
// compiler holds `languageModelPartKind` to the table's keys). What each kind is and what its sender means by it is
// its record in languageModelPartTypes.ts (kept to these keys and handlings by the compiler, and walked by the tests;
// not bundled, so its prose costs no surface's first use).
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
  /** The sender's bookkeeping: dropped, never sent (`cache_control` is to be honoured in a later change). */
  | 'marker'
  /** Not content and not a known marker: dropped, and the host logs it once at debug level. */
  | 'unknown';

/** Each kind's handling; a marker's key is its MIME type. languageModelPartTypes.ts says what each is. */
export const PART_HANDLING = {
  textPart: 'text',
  promptTsxPart: 'text',
  toolCallPart: 'toolCall',
  toolResultPart: 'toolResult',
  thinkingPart: 'reasoning',
  imageData: 'image',
  textData: 'text',
  mediaData: 'named',
  cache_control: 'marker',
  stateful_marker: 'marker',
  thinking: 'marker',
  context_management: 'marker',
  phase_data: 'marker',
  response_output_message_id: 'marker',
  usage: 'marker',
  unknownData: 'unknown',
  unknownPart: 'unknown',
} as const satisfies Record<string, PartHandling>;

export type LanguageModelPartKind = keyof typeof PART_HANDLING;

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
  (Object.keys(PART_HANDLING) as LanguageModelPartKind[]).filter((kind) => PART_HANDLING[kind] === 'marker').map((kind) => [kind, kind]),
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
