// What one completion request is made from, whatever the endpoint: the code around the cursor (capped), other files'
// chunks, the model and its FIM template. Every endpoint's body (completionEndpoints.ts) and the chat endpoint's
// prompt (chatMiddlePrompt.ts) are built from it.
import type { FimTemplate } from '../catalogue/fimTemplates';
import type { ChatCompletionRequest, ChatMessage, ChatMetadata } from '../protocol/messages';
import type { ModelBodySettings } from '../request/modelBodyFields';

/** A chunk of another file, for endpoints that take context beyond the file being typed in. */
export interface ContextChunk {
  filename: string;
  text: string;
}

export interface CompletionInput {
  model: string;
  /** The text before the cursor, already capped (completionContext.ts). */
  prefix: string;
  /** The text after the cursor, already capped. */
  suffix: string;
  /** The file's workspace-relative name, and its language, for the endpoints that take them. */
  filename: string;
  languageId: string;
  chunks: readonly ContextChunk[];
  maxTokens: number;
  /** False: one line only (the request stops at a newline). */
  multiline: boolean;
  /** The model family's raw FIM prompt, when known (fimTemplates.ts). */
  template: FimTemplate | undefined;
  metadata: ChatMetadata | undefined;
  /**
   * The completion model's own settings that reach a body (`modelOverrides`: its extra body and sampling parameters),
   * which every endpoint's body carries; undefined when it has none.
   */
  modelBody: ModelBodySettings | undefined;
  /**
   * The chat endpoint's request for `messages`, made by the one request assembly every surface uses (the profile's
   * extra body and metadata, the model's overrides and output limit): no tools, not streamed, at most `maxTokens`.
   */
  chatRequest: (messages: readonly ChatMessage[], maxTokens: number) => ChatCompletionRequest;
}
