// What the chat session needs from the world, as one object of ports. The host implements them on VS Code (and the
// real client); the unit tests use its fakes (test/support/fakes/chat/fakeChatSessionPorts.ts).
import type { ChatMode } from '../run/chatMode';
import type { PreparedRun } from '../run/preparedRun';
import type { CheckpointRecorder } from './checkpoints/checkpointRecorder';
import type { Approver, ToolRunner } from '../tools/toolLoopTypes';
import type { DeltaTimer } from './deltaCoalescer';
import type { Conversation } from './conversation';
import type { HostMessage } from './webviewProtocol';

/** The saved conversations, newest first. */
export interface ConversationArchive {
  list(): Conversation[];
  get(id: string): Conversation | undefined;
  save(conversation: Conversation): Promise<void>;
  /**
   * Keeps the conversation whose answer is in flight, cheaply and often (SaveAhead paces it); its next `save`
   * supersedes this copy. After a crash the next load still has it, its answer marked interrupted.
   */
  saveAhead(conversation: Conversation): Promise<void>;
  delete(id: string): Promise<void>;
}

/** Wall-clock time for the conversations' dates, and the timer that paces streamed text to the view. */
export interface SessionClock extends DeltaTimer {
  now(): number;
}

export interface ChatSessionPorts {
  /**
   * Everything a chat request needs, with the model resolved (the user may be asked to pick one). Undefined: the
   * user declined to pick. Throws what stops a request before it is sent (a bad setting, for one). `workingFiles`: the
   * workspace paths of the files attached to the conversation (the project rules nearest them go with the request).
   * `mode`: the chat's mode for this answer (Plan: only the read tools, and the plan prompt); default Act.
   */
  prepareRun: (workingFiles?: readonly string[], mode?: ChatMode) => Promise<PreparedRun | undefined>;
  runTool: ToolRunner;
  /** The one question about a tool call, whatever its kind (the call's card shows Accept / Reject). */
  approve: Approver;
  store: ConversationArchive;
  /** To the view; the session never waits for it. */
  post: (message: HostMessage) => void;
  clock: SessionClock;
  /** A new unique id (conversations, turns). */
  ids: () => string;
  /** What the view's header names: the active profile, every profile's name, and the model as set now ('' when none). */
  currentServer: () => { profile: string; profiles: string[]; model: string };
  /** Registers a request in flight with the host (its "Stop" for everything, its busy indicator); returns the release. */
  requestStarted: (controller: AbortController) => () => void;
  /** For the log: what went wrong, in one line. */
  reportError: (line: string) => void;
  /** The checkpoints "Restore to here" goes back to (absent: the chat takes none, and Restore to here restores no file). */
  checkpoints?: Pick<CheckpointRecorder, 'begin' | 'end' | 'edited' | 'restore' | 'redo' | 'canRedo' | 'forget'>;
}
