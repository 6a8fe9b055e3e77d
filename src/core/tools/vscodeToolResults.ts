// What the model reads back from a VS Code tool (vscodeTools.ts offers them): the text of its result's parts, or why it
// failed. Apart from the offer, which every run reads, because reading a result brings the language model parts'
// reader, which only a run that calls such a tool needs.
import { languageModelPartsText } from '../languageModels/languageModelMessages';

/** What the model reads for the tool's result (`LanguageModelToolResult.content`). */
export function vscodeToolResultText(toolName: string, content: readonly unknown[]): string {
  const text = languageModelPartsText(content);
  return text.trim() === '' ? `${toolName} returned no text.` : text;
}

/** What the model reads when invoking the tool threw: the tool is gone, its input was refused, or it failed. */
export function vscodeToolFailure(toolName: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `The VS Code tool ${toolName} failed: ${message || 'no reason given'}`;
}
