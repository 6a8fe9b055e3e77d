// The activation peer: an extension whose activate() makes the same vscode API calls ours makes (one log channel
// with a line in it, a command per command of ours, a status-bar item set from two setting reads, a webview view
// provider, two text document content providers (answers, proposed edits), a language model chat provider with its change event, an inline
// completion provider with its status-bar item, the same event subscriptions) and nothing else, timed the same way (performance.now()
// around the body). It is installed beside ours from a .vsix, declares the same activation event, and is loaded and
// activated in the same extension hosts the same way (see inHost/loadProbe.ts), so ours / floor says what our own work
// (building objects, reading settings, core modules) adds to the wiring no extension can avoid.
// Keep it in step with src/extension.ts when activate() gains or loses a registration.
import * as vscode from 'vscode';
import { FLOOR_COMMANDS, FLOOR_LANGUAGE_MODEL_VENDOR } from '../benchPlan';


export function activate(context: vscode.ExtensionContext): { activationMs: number } {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Ask Model bench floor', { log: true });
  context.subscriptions.push(log, vscode.window.onDidChangeActiveTextEditor(() => undefined));
  for (const scheme of ['ask-model-bench-floor-answer', 'ask-model-bench-floor-edit']) {
    context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(scheme, { provideTextDocumentContent: () => '' }));
  }
  for (const command of FLOOR_COMMANDS) context.subscriptions.push(vscode.commands.registerCommand(`askModelBenchFloor.${command}`, () => undefined));
  const item = vscode.window.createStatusBarItem('askModelBenchFloor.model', vscode.StatusBarAlignment.Right, 100);
  const config = vscode.workspace.getConfiguration('askModel');
  item.text = `$(sparkle) ${String(config.get('model') ?? '') || 'no model'} ${String(config.get('baseUrl') ?? '')}`;
  item.show();
  context.subscriptions.push(item, vscode.workspace.onDidChangeConfiguration(() => undefined), vscode.workspace.onDidChangeConfiguration(() => undefined));
  context.subscriptions.push(vscode.window.registerWebviewViewProvider('askModelBenchFloor.chat', { resolveWebviewView: () => undefined }));
  const modelsChanged = new vscode.EventEmitter<void>();
  context.subscriptions.push(
    modelsChanged,
    vscode.lm.registerLanguageModelChatProvider(FLOOR_LANGUAGE_MODEL_VENDOR, {
      onDidChangeLanguageModelChatInformation: modelsChanged.event,
      provideLanguageModelChatInformation: () => [],
      provideLanguageModelChatResponse: async () => undefined,
      provideTokenCount: async () => 0,
    }),
    vscode.workspace.onDidChangeConfiguration(() => undefined),
  );
  // Inline completions: a second status-bar item set from setting reads, the provider, and its three subscriptions.
  const completions = vscode.window.createStatusBarItem('askModelBenchFloor.completions', vscode.StatusBarAlignment.Right, 99);
  completions.text = `$(pass) ${String(config.get('completionModel') ?? '')} ${JSON.stringify(config.get('completions.enable') ?? {})}`;
  completions.show();
  context.subscriptions.push(
    completions,
    vscode.languages.registerInlineCompletionItemProvider({ pattern: '**' }, { provideInlineCompletionItems: () => undefined }),
    vscode.window.onDidChangeActiveTextEditor(() => undefined),
    vscode.workspace.onDidChangeConfiguration(() => undefined),
    context.secrets.onDidChange(() => undefined),
  );
  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(2)} ms`);
  return { activationMs };
}

export function deactivate(): void {}
