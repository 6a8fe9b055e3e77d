// What Ask Model's answer and Edit Selection need from the world, as ports the host implements on VS Code
// (src/host/commands/askCommand.ts, editSelectionCommand.ts) and the tests on plain values
// (test/support/fakes/ask/fakeAskPorts.ts).
import type { PreparedRun, ToolPorts } from '../run/preparedRun';

/** The document an answer streams into (the host's is a read-only Markdown editor beside the code). */
export interface AnswerSink {
  /** False once the user closed it: nobody is left to read the answer. */
  readonly isOpen: boolean;
  append(text: string): void;
  /** Shows everything still buffered, and keeps the answer as it now is (it will not grow any more). */
  finish(): Promise<void>;
}

/**
 * A notification titled `title` while `work` runs: `report` sets its message; `signal` aborts when the user cancels it
 * or stops every request (Stop).
 */
export interface ProgressPort {
  withProgress<T>(title: string, work: (report: (message: string) => void, signal: AbortSignal) => Promise<T>): Promise<T>;
}

export interface AskAnswerPorts<Sink extends AnswerSink = AnswerSink> extends ProgressPort {
  /** The run for the question (undefined: the user declined to pick a model); throws a bad setting's error. */
  prepareRun(): Promise<PreparedRun | undefined>;
  /** Opens a new answer named `title`, holding `header`. */
  openAnswer(title: string, header: string): Promise<Sink>;
  showInformation(message: string): void;
  logError(line: string): void;
}

/** The editor's code that Edit Selection changes, read when the run is ready (the user may have typed meanwhile). */
export interface SelectedCodePort {
  /** Workspace-relative path. */
  readonly path: string;
  readonly languageId: string;
  /** The selection's first and last lines (0-based). */
  readonly startLine: number;
  readonly endLine: number;
  readonly lineCount: number;
  selectedText(): string;
  /** Lines `first` to `last` (0-based, both whole). */
  lines(first: number, last: number): string;
  /** The model is shown the file as it is now: an edit it proposes later is checked against this text. */
  markRead(): void;
}

export interface EditSelectionPorts extends ProgressPort {
  /** The run for the edit (undefined: the user declined to pick a model); throws a bad setting's error. */
  prepareRun(): Promise<PreparedRun | undefined>;
  code: SelectedCodePort;
  /** How the model's tool calls run, and how the user is asked about them. */
  tools: ToolPorts;
  showWarning(message: string): void;
  showInformation(message: string): void;
  logError(line: string): void;
}
