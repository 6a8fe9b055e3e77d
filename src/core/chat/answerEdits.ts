// What an answer did to the workspace, kept with its turn so "Revert this answer's edits" and "View changes" still
// work after a reload: per file, its text before the answer's first edit and after its last. Bounded: a file whose
// two texts together pass FILE_EDIT_CHARACTERS, or that would take the answer past ANSWER_EDIT_CHARACTERS, is kept by
// name only (`textsKept: false`), so one huge generated file cannot swell the stored history; revert names it.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { FileChange } from '../tools/toolLoopTypes';

export const FILE_EDIT_CHARACTERS = 400_000;
export const ANSWER_EDIT_CHARACTERS = 1_000_000;

export const fileEditSchema = z.object({
  /** The file's absolute path on disk (what the edit tools resolved). */
  path: z.string(),
  /** As the user and the model named it, relative to the workspace. */
  relativePath: z.string(),
  /** The text before the answer's first edit; null when the answer created the file. */
  before: z.nullable(z.string()),
  /** The text after the answer's last edit. */
  after: z.string(),
  /** False when the texts were too large to keep (both are then empty): the file is named, never reverted. */
  textsKept: z.boolean(),
});
export type FileEdit = z.infer<typeof fileEditSchema>;

/** The answer's edits after one more applied change: a file's first before-text stays, its after-text moves on. */
export function recordFileEdit(edits: readonly FileEdit[], change: FileChange): FileEdit[] {
  const earlier = edits.find((edit) => edit.path === change.path);
  const others = edits.filter((edit) => edit !== earlier);
  const before = earlier ? earlier.before : change.before;
  const keptElsewhere = others.reduce((sum, edit) => sum + editCharacters(edit), 0);
  const size = (before?.length ?? 0) + change.after.length;
  const fits = (earlier === undefined || earlier.textsKept) && size <= FILE_EDIT_CHARACTERS && keptElsewhere + size <= ANSWER_EDIT_CHARACTERS;
  const edit: FileEdit = fits
    ? { path: change.path, relativePath: change.relativePath, before, after: change.after, textsKept: true }
    : { path: change.path, relativePath: change.relativePath, before: before === null ? null : '', after: '', textsKept: false };
  // In the order the answer first touched them.
  return earlier ? edits.map((kept) => (kept === earlier ? edit : kept)) : [...edits, edit];
}

export function editCharacters(edit: FileEdit): number {
  return edit.path.length + (edit.before?.length ?? 0) + edit.after.length;
}
