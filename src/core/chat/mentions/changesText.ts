// What `@changes` sends: the working tree's git diff (staged, then not staged), without the files that
// askModel.tools.denyGlobs keeps from the model: a diff of `.env` is the secret itself.
import { matchingDenyGlob } from '../../tools/denyGlobs';

export interface ChangesText {
  text: string;
  /** Files whose diff was left out because a deny glob covers them. */
  leftOut: string[];
}

/** Splits a unified diff at each `diff --git a/… b/…` and drops the files a deny glob covers (either side's path). */
export function withoutDeniedFiles(diff: string, denyGlobs: readonly string[]): ChangesText {
  const sections = diff.split(/^(?=diff --git )/m);
  const kept: string[] = [];
  const leftOut: string[] = [];
  for (const section of sections) {
    const header = /^diff --git a\/(.+?) b\/(.+?)$/m.exec(section);
    if (!header || !section.startsWith('diff --git ')) {
      if (section.trim() !== '') kept.push(section);
      continue;
    }
    const paths = [header[1] as string, header[2] as string];
    if (paths.some((path) => matchingDenyGlob(path, denyGlobs) !== undefined)) leftOut.push(header[2] as string);
    else kept.push(section);
  }
  return { text: kept.join(''), leftOut };
}

/** The chip's text: each part under its heading, and which files were left out and why. */
export function formatChanges(staged: string, unstaged: string, denyGlobs: readonly string[]): ChangesText {
  const parts: string[] = [];
  const leftOut: string[] = [];
  for (const [heading, diff] of [
    ['Staged', staged],
    ['Not staged', unstaged],
  ] as const) {
    const filtered = withoutDeniedFiles(diff, denyGlobs);
    leftOut.push(...filtered.leftOut);
    if (filtered.text.trim() !== '') parts.push(`# ${heading}\n${filtered.text.trimEnd()}`);
  }
  if (leftOut.length > 0) parts.push(`# Left out (askModel.tools.denyGlobs)\n${[...new Set(leftOut)].join('\n')}`);
  return { text: parts.length > 0 ? parts.join('\n\n') : 'No uncommitted changes.', leftOut: [...new Set(leftOut)] };
}
