// The glob of list_files and search_text, checked like a path: it may only select files inside the workspace, so
// absolute globs, home folders, URIs and `..` are refused (a search API given `../**` may well look outside).

export type CheckedGlob = { ok: true; glob: string } | { ok: false; message: string };

/** Every file: what an omitted or empty glob means. */
export const ALL_FILES_GLOB = '**/*';

export function checkWorkspaceGlob(input: string | undefined): CheckedGlob {
  const glob = (input ?? '').trim().replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
  if (glob === '') return { ok: true, glob: ALL_FILES_GLOB };
  const quoted = JSON.stringify(glob.length > 160 ? `${glob.slice(0, 160)}…` : glob);
  const refuse = (why: string): CheckedGlob => ({
    ok: false,
    message: `Refused: the glob ${quoted} ${why}. Give a glob relative to the workspace folder, e.g. "src/**/*.ts".`,
  });
  if ([...glob].some((char) => char.charCodeAt(0) < 0x20)) return refuse('contains a control character');
  if (/^[a-z][a-z0-9+.-]+:/i.test(glob)) return refuse('is a URI');
  if (/^(?:\/|[a-z]:)/i.test(glob)) return refuse('is absolute; tools only reach files inside the workspace');
  if (glob.startsWith('~')) return refuse('points into a home folder; tools only reach files inside the workspace');
  // `{..,src}/x` hides a `..` inside braces: any `..` between separators or brace punctuation counts.
  if (/(?:^|[/{,])\.\.(?:$|[/},])/.test(glob)) return refuse('contains ".."; tools only reach files inside the workspace');
  return { ok: true, glob };
}
