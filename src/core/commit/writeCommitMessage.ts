// Writing a commit message, from the repository to the input box: the staged diff (the working tree's when nothing is
// staged), the recent messages as the style hint, the prompt, and the answer streamed into the box, cleaned as it
// grows. What the user had in the box comes back when the answer fails, or is stopped before any of it arrived; a
// stopped answer that had started stays (as Ask Model keeps a stopped answer), for the user to finish or discard.
import type { ChatDone } from '../stream/events';
import { CommitMessageAnswer } from './commitMessageAnswer';
import type { CommitMessagePorts } from './commitMessagePorts';
import { buildCommitPrompt, STYLE_HINT_SUBJECTS, type DiffSource } from './commitPrompt';
import type { DiffLimits } from './commitDiff';

export interface CommitMessageRequest {
  /** The model asked, for the error when its answer holds no message. */
  model: string;
  signal: AbortSignal;
  limits?: DiffLimits;
}

export interface CommitMessageOutcome {
  status: 'done' | 'stopped';
  /** What the input box holds now from the answer ('' when stopped before any arrived). */
  message: string;
  source: DiffSource;
  leftOut: string[];
  cut: string[];
  /** How the answer ended, for the log and the day's spend; undefined when stopped. */
  done: ChatDone | undefined;
}

/** Enough log entries that merges skipped still leave STYLE_HINT_SUBJECTS subjects. */
const LOG_ENTRIES = STYLE_HINT_SUBJECTS * 2;

export async function writeCommitMessage(ports: CommitMessagePorts, request: CommitMessageRequest): Promise<CommitMessageOutcome> {
  const staged = await ports.repository.stagedDiff();
  const source: DiffSource = staged.trim() !== '' ? 'staged' : 'working-tree';
  const diff = source === 'staged' ? staged : await ports.repository.workingTreeDiff();
  const recentMessages = await ports.repository.recentMessages(LOG_ENTRIES).catch(() => []); // a repository with no commits has no log
  const prompt = buildCommitPrompt({ diff, source, recentMessages, ...(request.limits ? { limits: request.limits } : {}) });
  const before = ports.inputBox.read();
  const answer = new CommitMessageAnswer();
  let shown = false;
  const restore = (): void => {
    if (shown) ports.inputBox.write(before);
  };
  try {
    for await (const batch of ports.ask(prompt.messages, request.signal)) {
      const text = answer.add(batch);
      if (text !== undefined) {
        ports.inputBox.write(text);
        shown = true;
      }
    }
  } catch (error) {
    restore();
    throw error;
  }
  const common = { source, leftOut: prompt.leftOut, cut: prompt.cut };
  if (answer.done === undefined) {
    const kept = shown ? ports.inputBox.read() : '';
    if (kept === '') restore();
    return { status: 'stopped', message: kept, done: undefined, ...common };
  }
  let message: string;
  try {
    message = answer.message(request.model);
  } catch (error) {
    restore();
    throw error;
  }
  ports.inputBox.write(message);
  return { status: 'done', message, done: answer.done, ...common };
}
