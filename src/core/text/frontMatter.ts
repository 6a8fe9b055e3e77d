// A Markdown file's front matter: the `key: value` lines between an opening and a closing `---` line, as prompt
// files, instructions files and agent files write it (one level, no multi-line values). One reader for all of them.

export type FrontMatterSplit = { ok: true; frontMatter: Record<string, string>; body: string } | { ok: false; problem: string };

/** `key: value` lines between the opening and closing `---` (quotes around a value are removed); the rest is the body. */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^---[ \t]*\n/.test(normalised)) return { ok: true, frontMatter: {}, body: normalised };
  const lines = normalised.split('\n');
  const close = lines.findIndex((line, index) => index > 0 && /^---[ \t]*$/.test(line));
  if (close < 0) return { ok: false, problem: 'the front matter opened with "---" is never closed by another "---" line.' };
  const frontMatter: Record<string, string> = {};
  for (const [index, line] of lines.slice(1, close).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) {
      // A list item or a continued value belongs to the key above it; we read no multi-line values.
      if (/^\s/.test(line)) continue;
      return { ok: false, problem: `front matter line ${index + 2} ("${line.slice(0, 60)}") is not "key: value".` };
    }
    frontMatter[match[1] as string] = unquote((match[2] as string).trim());
  }
  return { ok: true, frontMatter, body: lines.slice(close + 1).join('\n') };
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] as string) : value;
}
