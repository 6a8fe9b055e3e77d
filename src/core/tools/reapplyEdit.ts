// "The user's typing is never overwritten": the model chose its edit from the text it read, and the user may have
// typed since. The edit is re-applied to the current text only when its old text is still there exactly once; then
// whatever the user changed elsewhere survives, and a change inside the old text makes it miss, so it is refused.
import { replaceUnique, type EditResult } from './findReplace';

export type ReapplyResult =
  | (Extract<EditResult, { kind: 'replaced' }> & { reapplied: boolean })
  | Exclude<EditResult, { kind: 'replaced' }>
  /** The edit fitted the text the model read, but the document changed since and it no longer fits. */
  | { kind: 'changed-since-read'; matches: 'none' | 'several'; lines: number[] };

export function reapplyEdit(readText: string, currentText: string, oldText: string, newText: string): ReapplyResult {
  const planned = replaceUnique(readText, oldText, newText);
  if (planned.kind !== 'replaced') {
    // The model may know a newer text than the one remembered for it (the user undid an edit it made, or it saw the
    // file in the prompt): what counts is the text the user has now, which the diff shows before anything applies.
    if (planned.kind === 'no-match' && currentText !== readText) {
      const now = replaceUnique(currentText, oldText, newText);
      if (now.kind === 'replaced') return { ...now, reapplied: false };
    }
    // Otherwise a mistake in the edit itself is reported as such, whatever happened to the document since.
    return planned;
  }
  if (currentText === readText) return { ...planned, reapplied: false };
  const now = replaceUnique(currentText, oldText, newText);
  if (now.kind === 'replaced') return { ...now, reapplied: true };
  if (now.kind === 'multiple-matches') return { kind: 'changed-since-read', matches: 'several', lines: now.lines };
  if (now.kind === 'no-match') return { kind: 'changed-since-read', matches: 'none', lines: [] };
  // Unreachable in practice (the planned edit was a real change), but the type wants every result handled.
  return now;
}
