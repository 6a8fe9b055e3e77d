// The word under the caret in the chat's message box, when it asks for completion: `@word` anywhere (after a space
// or at the start, so an e-mail address is not a mention) and `/word` as the message's first word. The view asks the
// host for items with its query and, on accept, swaps the word for the chosen item. Pure, so the view and the unit
// tests share it.

export type InputTrigger = '@' | '/';

export interface InputToken {
  trigger: InputTrigger;
  /** What was typed after the trigger, up to the caret. */
  query: string;
  /** Where the word starts (at the trigger) and ends (the end of the word the caret is in). */
  start: number;
  end: number;
}

/** A query longer than this is not a completion the user is typing (a pasted path, a long word). */
export const MAX_QUERY_LENGTH = 120;

const SLASH_NAME = /^[\w.-]*$/;

export function tokenAtCaret(text: string, caret: number): InputToken | undefined {
  if (caret < 0 || caret > text.length) return undefined;
  let start = caret;
  while (start > 0 && !/\s/.test(text[start - 1] as string)) start--;
  let end = caret;
  while (end < text.length && !/\s/.test(text[end] as string)) end++;
  const trigger = text[start];
  if (trigger !== '@' && trigger !== '/') return undefined;
  if (caret === start) return undefined;
  const query = text.slice(start + 1, caret);
  if (query.length > MAX_QUERY_LENGTH) return undefined;
  if (trigger === '@') return { trigger, query, start, end };
  // A slash command is the message's first word; elsewhere `/` starts a path or a fraction.
  if (text.slice(0, start).trim() !== '' || !SLASH_NAME.test(query)) return undefined;
  return { trigger, query, start, end };
}

/** The text with the token replaced by `insert` and a space after it, and where the caret goes. */
export function replaceToken(text: string, token: Pick<InputToken, 'start' | 'end'>, insert: string): { text: string; caret: number } {
  const after = text.slice(token.end);
  const spaced = after.startsWith(' ') ? insert : `${insert} `;
  return { text: text.slice(0, token.start) + spaced + after, caret: token.start + spaced.length + (after.startsWith(' ') ? 1 : 0) };
}
