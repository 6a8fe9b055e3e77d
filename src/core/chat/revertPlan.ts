// "Revert this answer's edits", planned without VS Code: a file goes back to its text before the answer only while it
// still holds exactly what the answer left there. Any other text means someone (the user, a later answer, a
// formatter) changed it since: it is named and left alone, never overwritten.
import type { FileEdit } from './answerEdits';

export interface RevertStep {
  path: string;
  relativePath: string;
  /** The text the file has now (the answer's after-text); checked again just before the host applies the step. */
  current: string;
  /** The text it goes back to; null: the answer created the file, so reverting deletes it. */
  target: string | null;
}

export interface LeftAlone {
  relativePath: string;
  why: 'changed-since' | 'deleted-since' | 'too-large';
}

export interface RevertPlan {
  steps: RevertStep[];
  leftAlone: LeftAlone[];
  /** Files already back as they were before the answer (reverted before, or undone by hand): nothing to do. */
  alreadyBack: string[];
}

/** `currentText(path)`: the file's text as the user sees it now (an unsaved buffer included); undefined when it is gone. */
export function planRevert(edits: readonly FileEdit[], currentText: (path: string) => string | undefined): RevertPlan {
  const plan: RevertPlan = { steps: [], leftAlone: [], alreadyBack: [] };
  for (const edit of edits) {
    const current = currentText(edit.path);
    if (current === undefined ? edit.before === null : current === edit.before) plan.alreadyBack.push(edit.relativePath);
    else if (!edit.textsKept) plan.leftAlone.push({ relativePath: edit.relativePath, why: 'too-large' });
    else if (current === undefined) plan.leftAlone.push({ relativePath: edit.relativePath, why: 'deleted-since' });
    else if (current !== edit.after) plan.leftAlone.push({ relativePath: edit.relativePath, why: 'changed-since' });
    else plan.steps.push({ path: edit.path, relativePath: edit.relativePath, current, target: edit.before });
  }
  return plan;
}

const WHY: Record<LeftAlone['why'], string> = {
  'changed-since': 'changed since the answer',
  'deleted-since': 'deleted since the answer',
  'too-large': 'too large for its earlier text to be kept',
};

/** One message for the user: what went back, and each file left alone with why. `failed`: steps VS Code refused. */
export function describeRevert(plan: RevertPlan, failed: readonly string[] = []): string {
  const reverted = plan.steps.map((step) => step.relativePath).filter((path) => !failed.includes(path));
  const parts: string[] = [];
  if (reverted.length > 0) parts.push(`Reverted ${list(reverted)}.`);
  if (plan.leftAlone.length > 0) parts.push(`Left alone: ${plan.leftAlone.map((file) => `${file.relativePath} (${WHY[file.why]})`).join(', ')}.`);
  if (failed.length > 0) parts.push(`VS Code refused to change ${list(failed)}; nothing was changed there.`);
  if (plan.alreadyBack.length > 0) parts.push(`Already as before the answer: ${list(plan.alreadyBack)}.`);
  if (parts.length === 0) parts.push('This answer changed no files.');
  if (reverted.length > 0) parts.push('Each file is one undo step.');
  return parts.join(' ');
}

function list(paths: readonly string[]): string {
  return paths.join(', ');
}
