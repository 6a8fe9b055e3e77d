// What each kind of part in PART_HANDLING (languageModelParts.ts) is: how it arrives, what VS Code or Copilot Chat
// means by it, and what it does to our request, one record per kind. The compiler holds this table to PART_HANDLING's
// keys and handlings (a kind without its record, or a record that says another handling, does not compile), the unit
// tests walk it (test/unit/languageModels/languageModelParts.test.ts), and docs/vscode-chat.md summarises it. Nothing
// at run time imports it, so its prose is not bundled.
//
// Sources, read through the code search (the microsoft/vscode mirror is too large to fetch here):
// - Copilot's CustomDataPartMimeTypes: microsoft/vscode extensions/copilot/src/platform/endpoint/common/endpointTypes.ts
//   at commit 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd (cache_control, stateful_marker, thinking, context_management,
//   phase_data, usage).
// - What Copilot puts in the messages it hands an extension's model: `convertToApiChatMessage` in
//   extensions/copilot/src/platform/endpoint/vscode-node/extChatEndpoint.ts, same commit (text, images as data parts,
//   cache_control "ephemeral" for a cache breakpoint, stateful_marker "<model id>\<marker>"
//   (statefulMarkerContainer.tsx's encodeStatefulMarker), thinking data as LanguageModelThinkingPart; a tool message's
//   parts, cache_control among them, go inside a LanguageModelToolResultPart2). How it reads a provider's response
//   parts (stateful_marker, context_management, usage) is makeChatRequest2 in the same file.
// - response_output_message_id: newer Copilot builds' ResponseOutputMessageIdContainer
//   (extensions/copilot/src/platform/endpoint/common/responseOutputMessageIdContainer.tsx, as carried by
//   che-incubator/che-code at commit 479e9a4510f77cc367e6c34954a2649630097d67); its string value is as other
//   providers' lists of Copilot's metadata MIME types give it, not read from Copilot's enum itself.
import type { LanguageModelPartKind, PART_HANDLING, PartHandling } from './languageModelParts';

export interface LanguageModelPartType<Handling extends PartHandling = PartHandling> {
  /** How it arrives: VS Code's class, and a data part's MIME type. */
  readonly arrives: string;
  /** What its sender means by it. */
  readonly means: string;
  /** What it does to the request (PART_HANDLING's, which the code follows). */
  readonly becomes: Handling;
  /** What a later change will do with it instead. */
  readonly later?: string;
}

export const LANGUAGE_MODEL_PART_TYPES: { readonly [Kind in LanguageModelPartKind]: LanguageModelPartType<(typeof PART_HANDLING)[Kind]> } = {
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
};
