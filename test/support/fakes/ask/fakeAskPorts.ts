// Ask Model's and Edit Selection's ports on plain values, for the tests: an answer document that keeps its text, a
// progress notification the test can cancel, a file of lines with a selection, tools that answer from a function,
// and a record of every message shown and error logged. src never imports this file.
import type { PreparedRun } from '../../../../src/core/run/preparedRun';
import type { ApprovalDecision, ApprovalPreview, ToolOutcome, ToolRunContext } from '../../../../src/core/tools/toolLoopTypes';
import type { ValidToolCall } from '../../../../src/core/tools/validateToolCall';
import type { AnswerSink, AskAnswerPorts, EditSelectionPorts, ProgressPort, SelectedCodePort } from '../../../../src/core/ask/askPorts';

/** An answer document: its text as the user would read it, each append, and whether it was finished. */
export class FakeAnswerSink implements AnswerSink {
  text: string;
  readonly appended: string[] = [];
  finished = 0;
  isOpen = true;

  constructor(
    readonly title: string,
    readonly header: string,
    /** Called after each append: a test closes the answer here (`sink.isOpen = false`). */
    private readonly afterAppend?: (sink: FakeAnswerSink) => void,
  ) {
    this.text = header;
  }

  append(text: string): void {
    if (this.finished > 0) throw new Error('appended to a finished answer');
    this.appended.push(text);
    this.text += text;
    this.afterAppend?.(this);
  }

  async finish(): Promise<void> {
    this.finished++;
  }
}

/** A progress notification: its titles and messages, and Cancel (`cancel()` aborts the work running now). */
export class FakeProgress implements ProgressPort {
  readonly titles: string[] = [];
  readonly reports: string[] = [];
  private current: AbortController | undefined;

  async withProgress<T>(title: string, work: (report: (message: string) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    this.titles.push(title);
    const controller = new AbortController();
    this.current = controller;
    try {
      return await work((message) => this.reports.push(message), controller.signal);
    } finally {
      this.current = undefined;
    }
  }

  /** The user's Cancel (or Stop): false when nothing was running. */
  cancel(): boolean {
    this.current?.abort();
    return this.current !== undefined;
  }
}

/** What prepareRun does: give the run, decline (no model picked), or throw. */
export type FakePrepare = PreparedRun | 'declined' | { error: unknown };

function prepared(prepare: FakePrepare): Promise<PreparedRun | undefined> {
  if (prepare === 'declined') return Promise.resolve(undefined);
  if ('error' in prepare) return Promise.reject(prepare.error);
  return Promise.resolve(prepare);
}

export interface FakeAskOptions {
  prepare: FakePrepare;
  /** Called after each append to the answer (see FakeAnswerSink). */
  afterAppend?: (sink: FakeAnswerSink) => void;
}

export interface FakeAskPorts extends AskAnswerPorts<FakeAnswerSink> {
  readonly progress: FakeProgress;
  /** The answers opened, in order. */
  readonly sinks: FakeAnswerSink[];
  /** Information messages shown. */
  readonly shown: string[];
  readonly errors: string[];
}

export function fakeAskPorts(options: FakeAskOptions): FakeAskPorts {
  const progress = new FakeProgress();
  const ports: FakeAskPorts = {
    progress,
    sinks: [],
    shown: [],
    errors: [],
    prepareRun: () => prepared(options.prepare),
    openAnswer: async (title, header) => {
      const sink = new FakeAnswerSink(title, header, options.afterAppend);
      ports.sinks.push(sink);
      return sink;
    },
    showInformation: (message) => ports.shown.push(message),
    logError: (line) => ports.errors.push(line),
    withProgress: (title, work) => progress.withProgress(title, work),
  };
  return ports;
}

export interface FakeSelectedCodeOptions {
  /** The file's lines. */
  lines: string[];
  /** The selection's first and last lines (0-based); default the first line. */
  startLine?: number;
  endLine?: number;
  path?: string;
  languageId?: string;
}

/** A file of whole lines with whole lines selected; `reads` counts markRead. */
export class FakeSelectedCode implements SelectedCodePort {
  readonly path: string;
  readonly languageId: string;
  readonly startLine: number;
  readonly endLine: number;
  reads = 0;

  constructor(private readonly options: FakeSelectedCodeOptions) {
    this.path = options.path ?? 'src/app.ts';
    this.languageId = options.languageId ?? 'typescript';
    this.startLine = options.startLine ?? 0;
    this.endLine = options.endLine ?? this.startLine;
  }

  get lineCount(): number {
    return this.options.lines.length;
  }

  selectedText(): string {
    return this.lines(this.startLine, this.endLine);
  }

  lines(first: number, last: number): string {
    return this.options.lines.slice(first, last + 1).join('\n');
  }

  markRead(): void {
    this.reads++;
  }
}

export interface FakeEditSelectionOptions {
  prepare: FakePrepare;
  code: FakeSelectedCodeOptions;
  /** What each tool call returns; default `<name> ok` (an edit asks `context.approve` first, as the host's do). */
  runTool?: (call: ValidToolCall, context: ToolRunContext) => Promise<ToolOutcome>;
  /** The user's answer to each question; default yes. */
  decide?: (call: ValidToolCall, preview: ApprovalPreview | undefined) => Promise<ApprovalDecision>;
}

export interface FakeEditSelectionPorts extends EditSelectionPorts {
  readonly code: FakeSelectedCode;
  readonly progress: FakeProgress;
  readonly warnings: string[];
  readonly information: string[];
  readonly errors: string[];
  /** The ids of the calls run, in order. */
  readonly ran: string[];
}

export function fakeEditSelectionPorts(options: FakeEditSelectionOptions): FakeEditSelectionPorts {
  const progress = new FakeProgress();
  const defaultRun = async (call: ValidToolCall, context: ToolRunContext): Promise<ToolOutcome> => {
    if (context.approve) {
      const decision = await context.approve({ path: String((call.args as { path?: unknown }).path ?? '?'), summary: 'a change' });
      if (!decision.approved) return decision.reason ? { status: 'rejected', reason: decision.reason } : { status: 'rejected' };
    }
    return { status: 'done', content: `${call.name} ok` };
  };
  const ports: FakeEditSelectionPorts = {
    code: new FakeSelectedCode(options.code),
    progress,
    warnings: [],
    information: [],
    errors: [],
    ran: [],
    prepareRun: () => prepared(options.prepare),
    tools: {
      runTool: async (call, context) => {
        ports.ran.push(call.id);
        return (options.runTool ?? defaultRun)(call, context);
      },
      approve: (call, _signal, preview) => (options.decide ? options.decide(call, preview) : Promise.resolve({ approved: true })),
    },
    showWarning: (message) => ports.warnings.push(message),
    showInformation: (message) => ports.information.push(message),
    logError: (line) => ports.errors.push(line),
    withProgress: (title, work) => progress.withProgress(title, work),
  };
  return ports;
}
