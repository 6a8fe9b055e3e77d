// Cutting text put into a prompt to a size. On the text floor because Ask Model's code and get_editor_context's
// selection are both cut this way, and a helper lives on the lowest floor its users share.

/** Cuts `text` at `maxCharacters` (on a line boundary when one is near) and says how much was left out. */
export function capText(text: string, maxCharacters: number): { text: string; truncatedCharacters: number } {
  if (text.length <= maxCharacters) return { text, truncatedCharacters: 0 };
  const lastNewline = text.lastIndexOf('\n', maxCharacters);
  const cut = lastNewline > maxCharacters * 0.8 ? lastNewline : maxCharacters;
  return { text: text.slice(0, cut), truncatedCharacters: text.length - cut };
}
