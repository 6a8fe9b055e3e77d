// What one completion request is made from, whatever the endpoint: the code around the cursor (capped), other files'
// chunks, the model and its FIM template. Every endpoint's body (completionEndpoints.ts) and the chat endpoint's
// prompt (chatMiddlePrompt.ts) are built from it.
import type { FimTemplate } from '../catalogue/fimTemplates';
import type { ChatMetadata } from '../protocol/messages';

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
}
