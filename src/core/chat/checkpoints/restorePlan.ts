// "Restore to here", planned without VS Code: each file the checkpoints from that message on recorded goes back to
// its state at the earliest of them, but only while it holds what the last recorded write left. A file that holds
// anything else was changed by hand since (or by something we did not see): it is a conflict, and the user decides
// (restore anyway, or keep theirs); a file whose earlier content was not kept is named, never guessed.
import type { Checkpoint, CheckpointFile, SavedState } from './checkpoint';

export interface RestoreStep {
  path: string;
  relativePath: string;
  /** What it goes back to (never `lost`). */
  target: Exclude<SavedState, { kind: 'lost' }>;
  /** The content hash the last recorded write left (null: deleted); the file must still hold it, or it is a conflict. */
  expected: string | null;
}

export interface RestorePlan {
  steps: RestoreStep[];
  /** Changed since the last recorded write: restored only if the user says so. */
  conflicts: RestoreStep[];
  lost: { relativePath: string; why: string }[];
  /** Already as they were at the checkpoint. */
  alreadyBack: string[];
}

/** Per file, in the order first touched: its state at the earliest checkpoint, and what the latest write left. */
export function mergeCheckpoints(checkpoints: readonly Pick<Checkpoint, 'files'>[]): CheckpointFile[] {
  const merged = new Map<string, CheckpointFile>();
  for (const checkpoint of checkpoints) {
    for (const file of checkpoint.files) {
      const earlier = merged.get(file.path);
      merged.set(file.path, earlier ? { ...earlier, after: file.after, by: earlier.by === file.by ? earlier.by : 'command' } : file);
    }
  }
  return [...merged.values()];
}

/** `current(path)`: the content hash of the file as the user sees it now; null when it does not exist. */
export function planRestore(files: readonly CheckpointFile[], current: (path: string) => string | null): RestorePlan {
  const plan: RestorePlan = { steps: [], conflicts: [], lost: [], alreadyBack: [] };
  for (const file of files) {
    const now = current(file.path);
    const { before } = file;
    if ((before.kind === 'absent' && now === null) || (before.kind === 'copied' && before.hash === now)) {
      plan.alreadyBack.push(file.relativePath);
      continue;
    }
    if (before.kind === 'lost') {
      plan.lost.push({ relativePath: file.relativePath, why: before.why });
      continue;
    }
    const step: RestoreStep = { path: file.path, relativePath: file.relativePath, target: before, expected: file.after };
    (now === file.after ? plan.steps : plan.conflicts).push(step);
  }
  return plan;
}

export interface RestoreOutcome {
  /** False when the user cancelled the question about their changes: nothing was changed. */
  done: boolean;
  restored: string[];
  /** Changed by hand since, and kept as the user has them (they said so). */
  keptMine: string[];
  lost: { relativePath: string; why: string }[];
  /** VS Code or the disk refused, with why (read-only, outside the workspace, the write failed). */
  failed: { relativePath: string; why: string }[];
  alreadyBack: string[];
  notes: string[];
}

/** One message for the user: what went back, and each file that did not, with why. */
export function describeRestore(outcome: RestoreOutcome, what = 'Restored'): string {
  if (!outcome.done) return 'Nothing was restored.';
  const parts: string[] = [];
  if (outcome.restored.length > 0) parts.push(`${what} ${outcome.restored.join(', ')}.`);
  if (outcome.keptMine.length > 0) parts.push(`Kept your changes to ${outcome.keptMine.join(', ')}.`);
  if (outcome.lost.length > 0) parts.push(`Not brought back: ${outcome.lost.map((file) => `${file.relativePath} (${file.why})`).join(', ')}.`);
  if (outcome.failed.length > 0) parts.push(`Left as they are: ${outcome.failed.map((file) => `${file.relativePath} (${file.why})`).join(', ')}.`);
  if (outcome.alreadyBack.length > 0) parts.push(`Already as they were: ${outcome.alreadyBack.join(', ')}.`);
  parts.push(...outcome.notes);
  if (parts.length === 0) parts.push('No files had changed since this message.');
  return parts.join(' ');
}
