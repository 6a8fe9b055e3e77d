// What writing a commit message needs from the world, as ports the host implements on VS Code's git extension and
// our client (src/host/commit), and the tests on plain values (test/support/fakes/commit/fakeCommitMessagePorts.ts).
import type { ChatMessage } from '../protocol/messages';
import type { ChatEvent } from '../stream/events';

/** One git repository, as far as a commit message reads it. */
export interface CommitRepositoryPort {
  /** `git diff --cached`: what the commit will hold. */
  stagedDiff(): Promise<string>;
  /** `git diff`: the working tree's changes not staged. */
  workingTreeDiff(): Promise<string>;
  /** The newest `max` commit messages, newest first ([] for a repository with no commits yet). */
  recentMessages(max: number): Promise<string[]>;
}

/** The Source Control input box the message streams into. */
export interface CommitInputBoxPort {
  read(): string;
  write(text: string): void;
}

export interface CommitMessagePorts {
  repository: CommitRepositoryPort;
  inputBox: CommitInputBoxPort;
  /** Sends the request for `messages` (through the one request path) and yields the answer's events as they arrive. */
  ask(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<ChatEvent[]>;
}
