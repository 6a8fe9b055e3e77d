// The request for a commit message: a system message that says what a commit message is and that the answer is the
// message alone (it is written straight into the Source Control input box), and a user message with the repository's
// recent subjects as the style to follow, the diff (capped, see commitDiff.ts) and the files that were left out of it.
import { fenceFor } from '../text/fenceFor';
import { NoChangesError } from './commitErrors';
import type { ChatMessage } from '../protocol/messages';
import { capDiff, DEFAULT_DIFF_LIMITS, filesKept, type DiffLimits } from './commitDiff';

/** Where the diff came from: the staged changes, or the working tree when nothing is staged. */
export type DiffSource = 'staged' | 'working-tree';

export interface CommitPromptInput {
  diff: string;
  source: DiffSource;
  /** The repository's recent commit messages, newest first (only their first lines are used). */
  recentMessages: readonly string[];
  limits?: DiffLimits;
}

export interface CommitPrompt {
  messages: ChatMessage[];
  /** Files in the diff that the prompt names but does not show (over the total limit). */
  leftOut: string[];
  /** Files whose diff was shortened to the per-file limit. */
  cut: string[];
}

/** How many recent subjects are shown as the style to follow, and how long each may be. */
export const STYLE_HINT_SUBJECTS = 10;
const MAX_SUBJECT_CHARACTERS = 120;

export const COMMIT_SYSTEM_PROMPT = [
  'You write git commit messages.',
  'Reply with the commit message only: no preamble, no code fence, no quotes around it.',
  'The first line is a summary of at most 72 characters in the imperative mood ("Add …", "Fix …").',
  'When the change needs explaining, add a blank line and a short body that says what changed and why, wrapped at 72 characters.',
  "Follow the style of the repository's recent commit subjects when they are given (language, prefixes such as feat: or fix(scope):, capitalisation).",
  'Describe only what the diff shows; do not invent reasons.',
].join(' ');

/** The recent subjects worth showing: first lines, without merges and reverts git wrote itself, capped in number and length. */
export function styleHintSubjects(recentMessages: readonly string[]): string[] {
  const subjects: string[] = [];
  for (const message of recentMessages) {
    const subject = (message.split('\n', 1)[0] ?? '').trim();
    if (subject === '' || /^Merge (branch|pull request|remote-tracking branch) /.test(subject)) continue;
    subjects.push(subject.length > MAX_SUBJECT_CHARACTERS ? `${subject.slice(0, MAX_SUBJECT_CHARACTERS)}…` : subject);
    if (subjects.length === STYLE_HINT_SUBJECTS) break;
  }
  return subjects;
}

export function buildCommitPrompt(input: CommitPromptInput): CommitPrompt {
  if (input.diff.trim() === '') throw new NoChangesError();
  const capped = capDiff(input.diff, input.limits ?? DEFAULT_DIFF_LIMITS);
  const leftOut = filesKept(capped, 'left-out');
  const cut = filesKept(capped, 'cut');
  const subjects = styleHintSubjects(input.recentMessages);
  const sections: string[] = [];
  if (subjects.length > 0) {
    sections.push(`The repository's recent commit subjects, newest first (follow their style):\n${subjects.map((subject) => `- ${subject}`).join('\n')}`);
  }
  const what = input.source === 'staged' ? 'the staged changes' : 'the changes in the working tree (nothing is staged)';
  const fence = fenceFor(capped.text);
  sections.push(capped.text === '' ? `Write the commit message for ${what}.` : `Write the commit message for ${what}:\n${fence}diff\n${capped.text}${fence}`);
  if (cut.length > 0) sections.push(`These files' diffs were too long and are shown only in part: ${cut.join(', ')}.`);
  if (leftOut.length > 0) sections.push(`These files changed too, but their diffs were left out for length (mention them by name only if they matter): ${leftOut.join(', ')}.`);
  return {
    messages: [
      { role: 'system', content: COMMIT_SYSTEM_PROMPT },
      { role: 'user', content: sections.join('\n\n') },
    ],
    leftOut,
    cut,
  };
}

/** What the user is told when the message was written from less than the whole diff; undefined when it was not. */
export function diffCapNote(prompt: Pick<CommitPrompt, 'leftOut' | 'cut'>): string | undefined {
  const parts: string[] = [];
  if (prompt.leftOut.length > 0) parts.push(`written without the diff of ${listed(prompt.leftOut)} (the diff was too long to send whole)`);
  if (prompt.cut.length > 0) parts.push(`from part of the diff of ${listed(prompt.cut)}`);
  return parts.length === 0 ? undefined : `Commit message ${parts.join(', and ')}. Check it covers those files.`;
}

/** Up to five names, then how many more. */
function listed(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).join(', ');
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}
