// Whether text is drawn in the order its characters come: a check that runs in the page (pass it to a locator's
// `evaluate`), so it holds no closures and defines no functions inside (the test's compiler would wrap those in a
// helper the page does not have).

/**
 * Characters drawn out of their logical order inside `root`: on each line, every drawn character (not whitespace,
 * not inside a `hidden` element) should sit to the right of the one before it, as left-to-right text does unless
 * something (a bidirectional control) reorders it. Returns each offending pair, empty when none.
 */
export function reorderedCharacters(root: Element): string[] {
  const drawn: { character: string; left: number; top: number }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[hidden]')) continue;
    const text = node.textContent ?? '';
    for (let index = 0; index < text.length; index++) {
      if (/\s/.test(text[index]!)) continue;
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) drawn.push({ character: text[index]!, left: rect.left, top: Math.round(rect.top) });
    }
  }
  const problems: string[] = [];
  for (let index = 1; index < drawn.length; index++) {
    const before = drawn[index - 1]!;
    const after = drawn[index]!;
    if (after.top === before.top && after.left < before.left - 0.5) problems.push(`${before.character}${after.character} at x ${Math.round(after.left)}`);
  }
  return problems;
}
