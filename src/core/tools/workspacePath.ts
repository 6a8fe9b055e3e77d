// Turns a path the model wrote into a file inside the workspace, or refuses it with a message that both the model
// and the user can act on. The model's text is untrusted: it may try absolute paths, `..`, percent-encoding (a
// careless `Uri.parse` would decode it), home directories, Windows drive letters, UNC shares, alternate data streams,
// names Windows silently shortens (`key.pem.` opens `key.pem`), symbolic links out of the folder, and the files in
// askModel.tools.denyGlobs. Pure: the host injects `realpath` (e.g. `fs.realpathSync.native`).
import { matchingDenyGlob } from './denyGlobs';

export interface WorkspaceFolderRef {
  /** The folder's name, as a multi-root path starts with it: `api/src/index.ts`. */
  name: string;
  /** Absolute, with `/` separators (a URI's path, or fsPath with `\` turned into `/`). */
  path: string;
}

export interface WorkspacePathOptions {
  folders: readonly WorkspaceFolderRef[];
  denyGlobs: readonly string[];
  /** The real path of an existing file or folder, undefined when it does not exist. Omit where there are no links. */
  realpath?: (absolutePath: string) => string | undefined;
  /** Words the refusal: "the file is not read" or "…not changed". Default 'read'. */
  access?: 'read' | 'write';
}

export type PathRefusal =
  | 'empty'
  | 'control-character'
  | 'encoded'
  | 'uri'
  | 'absolute'
  | 'home'
  | 'parent'
  | 'invalid-name'
  | 'no-folder'
  | 'unknown-folder'
  | 'outside'
  | 'denied';

export type ResolvedWorkspacePath =
  | { ok: true; folder: WorkspaceFolderRef; relative: string; absolute: string }
  | { ok: false; reason: PathRefusal; message: string };

const EXAMPLE = 'give a path relative to the workspace folder, e.g. "src/index.ts"';
const INSIDE_ONLY = 'Tools only reach files inside the workspace';

export function resolveWorkspacePath(input: string, options: WorkspacePathOptions): ResolvedWorkspacePath {
  const quoted = quote(input);
  const refuse = (reason: PathRefusal, message: string): ResolvedWorkspacePath => ({ ok: false, reason, message: `Refused: ${message}` });
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return refuse('empty', `the path is empty; ${EXAMPLE}.`);
  if (hasControlCharacter(text)) return refuse('control-character', `the path ${quoted} contains a control character; ${EXAMPLE}.`);
  if (/%(?:2e|2f|5c|25|00)/i.test(text)) {
    return refuse('encoded', `the path ${quoted} contains percent-encoded characters (%2e, %2f, %5c, %25 or %00); write it plainly, e.g. "src/index.ts".`);
  }
  // `scheme:/…`, or a well-known scheme without the slash; `notes.txt::$DATA` is a bad name, not a URI.
  const uri = /^[a-z][a-z0-9+.-]+:[\\/]/i.test(text) || /^(?:file|untitled|vscode[a-z-]*|https?|data):/i.test(text);
  if (uri) return refuse('uri', `${quoted} is a URI. ${INSIDE_ONLY}; ${EXAMPLE}.`);
  if (/^(?:[\\/]|[a-z]:)/i.test(text)) return refuse('absolute', `${quoted} is an absolute path. ${INSIDE_ONLY}; ${EXAMPLE}.`);
  if (text.startsWith('~')) return refuse('home', `${quoted} points into a home folder. ${INSIDE_ONLY}; ${EXAMPLE}.`);

  // Both separators count: on Windows `a\..\..\x` climbs as well as `a/../../x` does.
  const segments = text.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    // Even a `..` that stays inside (`src/../README.md`) is refused: one rule is easier to trust, and to follow.
    return refuse('parent', `${quoted} contains "..". ${INSIDE_ONLY}; give the path from the workspace folder without "..".`);
  }
  const badName = segments.find((segment) => /[:*?"<>|]/.test(segment) || /[. ]$/.test(segment));
  if (badName !== undefined) {
    return refuse('invalid-name', `${quoted} contains the name ${quote(badName)}; names cannot contain : * ? " < > | or end with a dot or a space.`);
  }

  const { folders } = options;
  const verb = options.access === 'write' ? 'changed' : 'read';
  if (folders.length === 0) return refuse('no-folder', 'no workspace folder is open, so there are no files to reach. Open a folder first.');
  let folder = folders[0] as WorkspaceFolderRef;
  let rest = segments;
  if (folders.length > 1) {
    const named = folders.find((candidate) => candidate.name === segments[0]);
    if (!named) {
      const names = folders.map((candidate) => quote(candidate.name)).join(', ');
      return refuse('unknown-folder', `${quoted} does not start with a workspace folder name. This workspace has several folders; start the path with one of ${names}.`);
    }
    folder = named;
    rest = segments.slice(1);
  }
  const relative = rest.join('/');
  const denied = matchingDenyGlob(relative, options.denyGlobs);
  if (denied !== undefined) return refuse('denied', `${quoted} matches askModel.tools.denyGlobs (${quote(denied)}); the file is not ${verb}.`);
  const absolute = joinPath(folder.path, relative);

  if (options.realpath) {
    const realFolder = toSlashes(options.realpath(folder.path) ?? folder.path);
    const real = realPathOf(absolute, folder.path, options.realpath);
    const realRelative = relativeInside(realFolder, real);
    if (realRelative === undefined) {
      return refuse('outside', `${quoted} leads through a symbolic link to a place outside the workspace folder; the file is not ${verb}.`);
    }
    const deniedTarget = matchingDenyGlob(realRelative, options.denyGlobs);
    if (deniedTarget !== undefined) {
      return refuse('denied', `${quoted} is a link to ${quote(realRelative)}, which matches askModel.tools.denyGlobs (${quote(deniedTarget)}); the file is not ${verb}.`);
    }
  }
  return { ok: true, folder, relative, absolute };
}

/**
 * The real path of `absolute`. A file about to be created does not exist yet, so its nearest existing ancestor is
 * resolved and the rest appended: `link-to-tmp/new.txt` must not create a file outside the folder.
 */
function realPathOf(absolute: string, folderPath: string, realpath: (path: string) => string | undefined): string {
  const pending: string[] = [];
  let current = absolute;
  for (;;) {
    const real = realpath(current);
    if (real !== undefined) return joinPath(toSlashes(real), pending.join('/'));
    const cut = current.lastIndexOf('/');
    if (current.length <= trimSlashes(folderPath).length || cut <= 0) return absolute;
    pending.unshift(current.slice(cut + 1));
    current = current.slice(0, cut);
  }
}

/** `inner` relative to `outer`, or undefined when it is not inside it. Drive letters compare without case. */
function relativeInside(outer: string, inner: string): string | undefined {
  // `/c:/repo` (a URI's path) and `C:/repo` (what Windows' realpath gives) are the same folder.
  const base = trimSlashes(outer).replace(/^\/([a-z]:)/i, '$1');
  const path = trimSlashes(inner).replace(/^\/([a-z]:)/i, '$1');
  const windows = /^[a-z]:/i.test(base);
  const same = (a: string, b: string) => (windows ? a.toLowerCase() === b.toLowerCase() : a === b);
  if (same(path, base)) return '';
  const prefix = base === '' ? '/' : `${base}/`;
  if (path.length > prefix.length && same(path.slice(0, prefix.length), prefix)) return path.slice(prefix.length);
  return undefined;
}

function joinPath(base: string, relative: string): string {
  const trimmed = trimSlashes(base);
  if (relative === '') return trimmed === '' ? '/' : trimmed;
  return `${trimmed}/${relative}`;
}

function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

function toSlashes(path: string): string {
  return path.replace(/\\/g, '/');
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path as the message shows it: quoted, escaped, and short. */
function quote(text: string): string {
  const value = typeof text === 'string' ? text : String(text);
  return JSON.stringify(value.length > 160 ? `${value.slice(0, 160)}…` : value);
}
