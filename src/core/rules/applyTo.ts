// `.github/instructions/*.instructions.md` files say which files they are for in a front-matter block:
//   ---
//   applyTo: "src/**/*.ts,**/*.tsx"
//   ---
// (VS Code's and Copilot's format: comma-separated globs). Such a file goes with a request when a glob matches a file
// the answer works on; `**` (or `**/*`) goes with every request. Without `applyTo` it goes with none, as in VS Code,
// where such a file is only attached by hand. Globs use the project's matcher (VS Code's semantics); a glob without a
// `/` also matches the file's name in any folder, as `*.ts` is meant.
import { splitFrontMatter } from '../text/frontMatter';
import { matchesGlob } from '../text/globPattern';

export interface FrontMatter {
  /** The `key: value` lines of the block, quotes removed. */
  fields: Record<string, string>;
  /** The text after the block (all of it when there is none). */
  body: string;
}

/** The block's fields and the text after it; a file whose block is not closed is all body (sent as it is). */
export function readFrontMatter(text: string): FrontMatter {
  const split = splitFrontMatter(text);
  return split.ok ? { fields: split.frontMatter, body: split.body } : { fields: {}, body: text };
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] as string) : value;
}

/** The globs of an `applyTo` value; empty for none. */
export function applyToGlobs(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((glob) => unquote(glob.trim()).trim().replace(/^(?:\.\/)+/, ''))
    .filter((glob) => glob !== '');
}

const EVERY_FILE = new Set(['**', '**/*', '*']);

/** Whether a file with these `applyTo` globs goes with a request about `workingFiles` (folder-relative, `/`-separated). */
export function appliesTo(globs: readonly string[], workingFiles: readonly string[]): boolean {
  if (globs.some((glob) => EVERY_FILE.has(glob))) return true;
  return globs.some((glob) =>
    workingFiles.some((file) => matchesGlob(file, glob) || (!glob.includes('/') && matchesGlob(file.slice(file.lastIndexOf('/') + 1), glob))),
  );
}
