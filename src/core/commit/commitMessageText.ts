// What the model wraps around a commit message taken off: the answer goes into the Source Control input box and from
// there into the history, so a code fence, a "Here is the commit message:" line or quotes around the whole message
// must not go with it. Used on the whole answer at the end, and on the text so far while it streams (`partial`), where
// an opening fence is hidden as soon as it starts and a closing one before it is complete.

const FENCE_LINE = /^\s*(`{3,}|~{3,})[\w+-]*\s*$/;
const PREAMBLE = /^(here('s| is)\b.*|.*\bcommit message\b.*|suggested commit( message)?)\s*:\s*$/i;
const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
  ['“', '”'],
  ['‘', '’'],
];

export function cleanCommitMessage(answer: string, options: { partial?: boolean } = {}): string {
  const partial = options.partial === true;
  let lines = answer.replace(/\r\n?/g, '\n').split('\n');
  // A leading line that introduces the message ("Here is the commit message:"), only when a message follows it.
  const firstText = lines.findIndex((line) => line.trim() !== '');
  if (firstText >= 0 && PREAMBLE.test(lines[firstText]?.trim() ?? '') && (partial || lines.slice(firstText + 1).some((line) => line.trim() !== ''))) {
    lines = lines.slice(firstText + 1);
  }
  lines = dropBlankEdges(lines);
  const opening = lines[0] ?? '';
  if (FENCE_LINE.test(opening) || (partial && lines.length === 1 && /^\s*(`{1,3}|~{1,3})[\w+-]*$/.test(opening))) {
    // An opening fence (or, while streaming, the start of one): the message is what follows, up to the closing fence.
    const fenceCharacter = opening.trim()[0];
    const rest = lines.slice(1);
    const closing = rest.findIndex((line) => /^\s*(`{3,}|~{3,})\s*$/.test(line) && line.trim()[0] === fenceCharacter);
    lines = closing >= 0 ? rest.slice(0, closing) : rest;
  }
  if (partial) lines = withoutClosingFenceStarting(lines);
  let text = dropBlankEdges(lines)
    .map((line) => line.trimEnd())
    .join('\n');
  if (!partial) text = unquoted(text);
  return text;
}

/** While streaming, a last line that is only the start of a closing fence is not shown yet. */
function withoutClosingFenceStarting(lines: string[]): string[] {
  const last = lines.at(-1);
  return last !== undefined && /^\s*(`{1,3}|~{1,3})\s*$/.test(last) && lines.length > 1 ? lines.slice(0, -1) : lines;
}

/** The text without one pair of quotes around the whole of it (and none inside, so a quoted word stays quoted). */
function unquoted(text: string): string {
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) {
      const inner = text.slice(open.length, text.length - close.length);
      if (!inner.includes(open) && !inner.includes(close)) return inner.trim();
    }
  }
  return text;
}

function dropBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}
