// The inline completion provider's body, loaded on its first call (deferred.ts): reads the text around the cursor the
// cheap way (only the lines it sends, never the whole file), keeps the ring of other files' chunks fed from VS Code's
// editor events, refuses files the deny globs cover, and hands the rest to the core's CompletionEngine, which owns
// the cache, the debounce, the one request in flight and the choice of endpoint.
import * as vscode from 'vscode';
import {
  ChunkRing,
  CompletionClient,
  COMPLETION_CONTEXT_LIMITS,
  CompletionEngine,
  gatherCompletionContext,
  EndpointChooser,
  fimTemplateFor,
  isInCommentOrString,
  matchingDenyGlob,
  readLearntEndpoints,
  resolveServiceUrls,
  type CompletionSender,
  type CompletionStatus,
  type CompletionTextSource,
  type PreparedRun,
} from '../../../core';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import { readCompletionSettingsNow, readWorkspaceToolSettings } from '../../platform/settings/settings';

/** A cursor this far from where the last chunk of its file was taken takes new ones from around its window. */
const PICK_DISTANCE_LINES = 32;
const LEARNT_KEY = 'askModel.completions.learntEndpoints';

export interface InlineCompletionsDeps {
  runs: Runs;
  log: Log;
  state: vscode.Memento;
  onStatus: (status: CompletionStatus) => void;
}

export class InlineCompletions implements vscode.Disposable {
  readonly engine: CompletionEngine;
  private readonly ring = new ChunkRing();
  private readonly disposables: vscode.Disposable[] = [];
  /** The completion model's run (its model, metadata, request assembly and answer record) and its server's sender. */
  private ready: Promise<{ run: PreparedRun; sender: CompletionSender }> | undefined;
  private readonly lastPick = new Map<string, number>();

  constructor(private readonly deps: InlineCompletionsDeps) {
    const chooser = new EndpointChooser(readLearntEndpoints(deps.state.get(LEARNT_KEY)), (learnt) => void deps.state.update(LEARNT_KEY, learnt));
    this.engine = new CompletionEngine({
      debounceMs: () => readCompletionSettingsNow().debounceMs,
      chooser,
      log: { info: (line) => deps.log.info(line), warn: (line) => deps.log.warn(line), debug: (line) => deps.log.debug(line) },
      onStatus: deps.onStatus,
      onProblem: (status) => void this.showProblem(status),
      onAnswered: (answered) => void this.ready?.then(({ run }) => run.completionAnswered(answered.answer), () => undefined),
    });
    for (const editor of vscode.window.visibleTextEditors) this.takeChunk(editor.document, editor.selection.active.line);
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => editor && this.takeChunk(editor.document, editor.selection.active.line)),
      vscode.workspace.onDidSaveTextDocument((document) => this.takeChunk(document, activeLineOf(document))),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('askModel')) this.settingsChanged();
      }),
    );
  }

  /** The settings or the key changed: a new client, and failures forgotten. */
  settingsChanged(): void {
    this.ready = undefined;
    this.engine.reset();
  }

  async provide(document: vscode.TextDocument, position: vscode.Position, context: vscode.InlineCompletionContext, token: vscode.CancellationToken): Promise<vscode.InlineCompletionItem[] | undefined> {
    // The suggest widget is open: an inline item must then extend its selection, which a FIM answer does not.
    if (context.selectedCompletionInfo !== undefined) return undefined;
    const completion = readCompletionSettingsNow();
    const filename = relativeName(document);
    if (this.denied(filename)) return undefined;

    const { prefix, suffix, chunks } = gatherCompletionContext(textSourceOf(document), position, { filename, languageId: document.languageId }, completion.otherFiles ? this.ring : undefined);
    if (!completion.inCommentsAndStrings && context.triggerKind === vscode.InlineCompletionTriggerKind.Automatic && isInCommentOrString(prefix, document.languageId)) return undefined;

    const { run, sender } = await this.prepared();
    if (token.isCancellationRequested) return undefined;
    const { model, settings } = run;
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const suggestion = await this.engine.suggest(
        {
          server: JSON.stringify([resolveServiceUrls(settings.baseUrl).chatCompletions, model]),
          sender,
          endpoint: settings.completionEndpoint,
          maxLines: completion.maxLines,
          input: {
            model,
            prefix,
            suffix,
            filename,
            languageId: document.languageId,
            chunks,
            maxTokens: completion.maxTokens,
            template: fimTemplateFor(model, settings.modelOverrides[model]?.fimTemplate),
            metadata: run.metadata,
            modelBody: settings.modelOverrides[model],
            chatRequest: (messages, maxTokens) => run.buildRequest(messages, { tools: [], stream: false, maxOutputTokens: maxTokens }),
          },
        },
        controller.signal,
      );
      this.pickAroundWindow(document, position.line);
      if (!suggestion || token.isCancellationRequested) return undefined;
      const item = new vscode.InlineCompletionItem(suggestion.text, new vscode.Range(position, position), {
        title: 'Accepted',
        command: 'askModel.completions.accepted',
        arguments: [suggestion.requestId],
      });
      return [item];
    } finally {
      cancel.dispose();
    }
  }

  dispose(): void {
    this.engine.scheduler.cancel();
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** The run for the completion model, made again after the settings or the key change (settingsChanged). */
  private prepared(): Promise<{ run: PreparedRun; sender: CompletionSender }> {
    this.ready ??= this.deps.runs.prepare({ surface: 'inline-completion' }).then(
      (run) => {
        // Its rule never asks the user to pick, so a run is always made (or the reason thrown).
        if (!run) throw new Error('inline completions have no model');
        return { run, sender: run.completions((options) => new CompletionClient(options)) };
      },
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }

  private denied(filename: string): boolean {
    return matchingDenyGlob(filename, readWorkspaceToolSettings().denyGlobs) !== undefined;
  }

  /** A chunk of `document` around `line` for the ring, unless it is a file whose text must not leave. */
  private takeChunk(document: vscode.TextDocument, line: number): void {
    if (document.uri.scheme !== 'file' && document.uri.scheme !== 'untitled' && document.uri.scheme !== 'vscode-remote') return;
    const filename = relativeName(document);
    if (this.denied(filename)) return;
    const from = Math.max(0, line - 32);
    const to = Math.min(document.lineCount, line + 32);
    const lines: string[] = [];
    for (let index = from; index < to; index++) lines.push(document.lineAt(index).text);
    this.ring.take(filename, document.languageId, lines, line - from);
    this.lastPick.set(filename, line);
  }

  /** After a completion far from the last chunk taken in this file: the code just outside the window sent. */
  private pickAroundWindow(document: vscode.TextDocument, line: number): void {
    const filename = relativeName(document);
    const last = this.lastPick.get(filename);
    if (last !== undefined && Math.abs(last - line) <= PICK_DISTANCE_LINES) return;
    const { prefixLines, suffixLines } = COMPLETION_CONTEXT_LIMITS;
    if (line - prefixLines > 0) this.takeChunk(document, Math.max(0, line - prefixLines - 32));
    if (line + suffixLines < document.lineCount) this.takeChunk(document, Math.min(document.lineCount - 1, line + suffixLines + 32));
    this.lastPick.set(filename, line);
  }

  private async showProblem(status: Extract<CompletionStatus, { kind: 'stopped' }>): Promise<void> {
    const fixes = { 'select-model': 'Choose Completion Model', 'set-api-key': 'Set API Key', 'open-settings': 'Open Settings' } as const;
    const fix = fixes[status.fix];
    const picked = await vscode.window.showWarningMessage(`Ask Model completions: ${status.detail}`, fix, 'Turn Off Completions');
    if (picked === 'Turn Off Completions') await vscode.commands.executeCommand('askModel.completions.toggle', false);
    else if (picked === fixes['select-model']) await vscode.commands.executeCommand('askModel.completions.selectModel');
    else if (picked === fixes['set-api-key']) await vscode.commands.executeCommand('askModel.setApiKey');
    else if (picked === fixes['open-settings']) await vscode.commands.executeCommand('workbench.action.openSettings', 'askModel.completion');
  }

}

/** The name the deny globs and the chunks use: workspace-relative where it can be, else the file's own path. */
function relativeName(document: vscode.TextDocument): string {
  return vscode.workspace.asRelativePath(document.uri, false).replace(/\\/g, '/');
}

/** The document's reads as the core's gathering asks for them. */
function textSourceOf(document: vscode.TextDocument): CompletionTextSource {
  return {
    lineCount: document.lineCount,
    lineLength: (line) => document.lineAt(line).text.length,
    textBetween: (startLine, startCharacter, endLine, endCharacter) => document.getText(new vscode.Range(startLine, startCharacter, endLine, endCharacter)),
  };
}

function activeLineOf(document: vscode.TextDocument): number {
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
  return editor?.selection.active.line ?? 0;
}
