// The request for the missing middle on a server that only has /v1/chat/completions. A chat model answers in prose
// and fences unless told otherwise, and even then sometimes does: cleanChatAnswer (postProcess.ts) takes the code
// back out of what it says.
import type { ChatMessage } from '../protocol/messages';
import type { CompletionInput } from './completionInput';

export const HOLE = '<CURSOR>';

const SYSTEM =
  'You complete code in an editor. You are shown a file with the marker <CURSOR> where the cursor is. Reply with only the ' +
  'text to insert at the cursor: no explanation, no Markdown fence, no repetition of the code before or after the cursor. ' +
  'Reply with nothing if nothing belongs there.';

export function chatPromptForMiddle(input: CompletionInput): ChatMessage[] {
  const others = input.chunks.map((chunk) => `File ${chunk.filename}:\n${chunk.text}`).join('\n\n');
  const scope = input.multiline ? 'the code that belongs at the cursor (several lines if the block needs them)' : 'the rest of the current line only';
  const user =
    `${others ? `Other files for context:\n\n${others}\n\n` : ''}` +
    `Complete ${input.filename || 'this file'} (${input.languageId}) at ${HOLE} with ${scope}.\n\n` +
    `${input.prefix}${HOLE}${input.suffix}`;
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}
