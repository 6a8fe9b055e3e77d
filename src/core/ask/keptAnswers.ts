// Ask Model's answers as the workspace keeps them, so that an answer's tab restored after a reload, a crash or a killed
// extension host still shows what arrived. An answer is saved as it grows (the host paces it with SaveAhead); one still
// marked arriving when the store is read never finished, and says so under its text. The newest answers are kept, up
// to a count and a size, so the workspace state stays small.
// It is read at activation, so it checks its three fields by hand rather than pulling the schema library into the
// start-up bundle.

export const MAX_KEPT_ANSWERS = 20;
export const MAX_KEPT_ANSWER_CHARACTERS = 1_000_000;

/** Written under an answer that was arriving when the window closed or the extension host stopped. */
export const INTERRUPTED_ANSWER_NOTE =
  '\n\n_(interrupted: the window closed or the extension host stopped while this answer was arriving; what had arrived is above)_\n';

export interface KeptAnswer {
  /** The answer's URI path, `/<number>/<name>.md`. */
  path: string;
  text: string;
  /** Still streaming when it was saved. */
  arriving: boolean;
}

function isKeptAnswer(value: unknown): value is KeptAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { path, text, arriving } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof text === 'string' && typeof arriving === 'boolean';
}

/**
 * The kept answers, oldest first, each that was still arriving ended with the interrupted note and marked
 * `interrupted`. An entry that does not read is skipped: the store's key names its format, so only this version's own
 * writes are read here.
 */
export function readKeptAnswers(stored: unknown): (KeptAnswer & { interrupted: boolean })[] {
  const list = typeof stored === 'object' && stored !== null ? (stored as { answers?: unknown }).answers : undefined;
  if (!Array.isArray(list)) return [];
  const answers: (KeptAnswer & { interrupted: boolean })[] = [];
  for (const item of list) {
    if (!isKeptAnswer(item)) continue;
    const { path, text, arriving } = item;
    answers.push({ path, text: arriving ? text + INTERRUPTED_ANSWER_NOTE : text, arriving: false, interrupted: arriving });
  }
  return answers;
}

/** The form written: the newest answers within the caps, oldest first. */
export function keptAnswersForm(answers: readonly KeptAnswer[]): { answers: KeptAnswer[] } {
  const kept: KeptAnswer[] = [];
  let characters = 0;
  for (const answer of [...answers].reverse()) {
    if (kept.length >= MAX_KEPT_ANSWERS || (kept.length > 0 && characters + answer.text.length > MAX_KEPT_ANSWER_CHARACTERS)) break;
    kept.unshift(answer);
    characters += answer.text.length;
  }
  return { answers: kept };
}
