// The commit message ports on plain values, for the tests: a repository with set diffs and log, an input box that
// remembers every text written to it, and an answer replayed from events (or a failure after some of them).
import type { ChatMessage } from '../../../../src/core/protocol/messages';
import type { ChatEvent } from '../../../../src/core/stream/events';
import type { CommitMessagePorts } from '../../../../src/core/commit/commitMessagePorts';

export interface FakeCommitMessageOptions {
  staged?: string;
  workingTree?: string;
  messages?: string[];
  box?: string;
  /** The answer, one batch per network read. */
  answer?: ChatEvent[][];
  /** Thrown after the answer's batches, as a failed stream does. */
  failure?: Error;
  /** Called before each batch: a test aborts here to stop mid-answer. */
  beforeBatch?: (index: number) => void;
}

export interface FakeCommitMessagePorts extends CommitMessagePorts {
  /** Every text written to the input box, in order. */
  readonly written: string[];
  /** The messages each request carried. */
  readonly asked: ChatMessage[][];
  /** How many entries of the log were asked for. */
  readonly logAsked: number[];
  box: string;
}

export function fakeCommitMessagePorts(options: FakeCommitMessageOptions): FakeCommitMessagePorts {
  const ports: FakeCommitMessagePorts = {
    written: [],
    asked: [],
    logAsked: [],
    box: options.box ?? '',
    repository: {
      stagedDiff: async () => options.staged ?? '',
      workingTreeDiff: async () => options.workingTree ?? '',
      recentMessages: async (max) => {
        ports.logAsked.push(max);
        return (options.messages ?? []).slice(0, max);
      },
    },
    inputBox: {
      read: () => ports.box,
      write: (text) => {
        ports.box = text;
        ports.written.push(text);
      },
    },
    async *ask(messages, signal) {
      ports.asked.push(messages);
      for (const [index, batch] of (options.answer ?? []).entries()) {
        options.beforeBatch?.(index);
        if (signal.aborted) return; // a caller's abort ends the stream quietly, as the client's does
        yield batch;
      }
      if (options.failure) throw options.failure;
    },
  };
  return ports;
}
