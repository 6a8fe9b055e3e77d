// Inline completions, wired at activation: the provider (whose body, with the core's engine, loads on the first
// keystroke in a file where completions are on: inlineCompletions.ts from deferred.ts), the status-bar switch and the
// commands behind it: on or off everywhere or for one language (`askModel.completions.enable`, as Copilot's
// `github.copilot.enable`), snooze for five minutes, choose the completion model. What is checked on every keystroke
// before anything loads is the switch (completionSwitch.ts), read from the same layered settings as every reader.
import * as vscode from 'vscode';
import type { CompletionStatus } from '../../../core';
import { loadDeferred } from '../../lazy';
import { lazy, type Lazy } from '../../platform/lazyValue';
import type { ModelCatalogues } from '../../platform/catalogue/modelCatalogues';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';
import { readCompletionSwitch } from './completionSwitch';
import type { InlineCompletions } from './inlineCompletions';

export const SNOOZE_MS = 5 * 60_000;

export interface CompletionDeps {
  runs: Lazy<Runs>;
  /** For Select Completion Model: a client for the active profile, and its server's catalogue. */
  clients: Lazy<ClientFactory>;
  catalogues: Lazy<ModelCatalogues>;
  log: Log;
}

export function registerCompletions(context: vscode.ExtensionContext, deps: CompletionDeps): void {
  let snoozedUntil = 0;
  let snoozeTimer: ReturnType<typeof setTimeout> | undefined;
  let status: CompletionStatus = { kind: 'ready' };
  const item = vscode.window.createStatusBarItem('askModel.completions', vscode.StatusBarAlignment.Right, 99);
  item.name = 'Ask Model: Completions';
  item.command = 'askModel.completions.menu';

  const update = (): void => {
    const language = vscode.window.activeTextEditor?.document.languageId;
    const now = readCompletionSwitch(language);
    const snoozed = snoozedUntil > Date.now();
    const problem = status.kind === 'ready' ? undefined : status;
    const on = now.model !== '' && now.enabledHere && !snoozed;
    item.text = now.model === '' || !now.enabledHere ? '$(circle-slash) Completions' : snoozed ? '$(debug-pause) Completions' : problem ? '$(warning) Completions' : '$(pass) Completions';
    const state =
      now.model === ''
        ? `off: profile "${now.profile}" has no completion model. Click to choose one (askModel.completionModel).`
        : !now.enabled
          ? 'off everywhere. Click to turn them on.'
          : !now.enabledHere
            ? `off for ${language}. Click to turn them on.`
            : snoozed
              ? `snoozed until ${new Date(snoozedUntil).toLocaleTimeString()}.`
              : `on, from ${now.model}${now.profile === 'Default' ? '' : ` (profile "${now.profile}")`}.`;
    const trouble = on && problem ? `\n\n${problem.kind === 'backing-off' ? 'Paused after a failure' : 'Stopped'}: ${problem.detail}` : '';
    item.tooltip = `Ask Model inline completions: ${state}${trouble}`;
    item.backgroundColor = on && problem ? new vscode.ThemeColor(problem.kind === 'stopped' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground') : undefined;
  };

  const body: Lazy<InlineCompletions> = lazy(async () => {
    const started = performance.now();
    const [{ InlineCompletions }, runs] = await Promise.all([loadDeferred.completions(), deps.runs()]);
    const loaded = new InlineCompletions({
      runs,
      log: deps.log,
      state: context.globalState,
      onStatus: (next) => {
        status = next;
        update();
      },
    });
    context.subscriptions.push(loaded);
    deps.log.info(`inline completions loaded in ${(performance.now() - started).toFixed(0)} ms`);
    return loaded;
  });

  const provider: vscode.InlineCompletionItemProvider = {
    provideInlineCompletionItems: async (document, position, completionContext, token) => {
      if (snoozedUntil > Date.now()) return undefined;
      const now = readCompletionSwitch(document.languageId);
      if (now.model === '' || !now.enabledHere) return undefined;
      try {
        return await (await body()).provide(document, position, completionContext, token);
      } catch (error) {
        // Never a toast per keystroke: the log and the status bar say what is wrong.
        deps.log.warn(`inline-completion: ${error instanceof Error ? error.message : String(error)}`);
        status = { kind: 'backing-off', untilMs: 0, detail: error instanceof Error ? error.message : String(error) };
        update();
        return undefined;
      }
    },
  };

  const snooze = (): void => {
    clearTimeout(snoozeTimer);
    if (snoozedUntil > Date.now()) snoozedUntil = 0;
    else {
      snoozedUntil = Date.now() + SNOOZE_MS;
      snoozeTimer = setTimeout(update, SNOOZE_MS + 50);
    }
    update();
  };

  context.subscriptions.push(
    item,
    vscode.languages.registerInlineCompletionItemProvider({ pattern: '**' }, provider),
    vscode.commands.registerCommand('askModel.completions.toggle', async (enabled?: boolean) => {
      const { setCompletionsEnabled } = await loadDeferred.completions();
      await setCompletionsEnabled('*', typeof enabled === 'boolean' ? enabled : !readCompletionSwitch(undefined).enabled);
    }),
    vscode.commands.registerCommand('askModel.completions.toggleLanguage', async (languageId?: string) => {
      const language = typeof languageId === 'string' ? languageId : vscode.window.activeTextEditor?.document.languageId;
      if (!language) return;
      const { setCompletionsEnabled } = await loadDeferred.completions();
      await setCompletionsEnabled(language, !readCompletionSwitch(language).enabledHere);
    }),
    vscode.commands.registerCommand('askModel.completions.snooze', snooze),
    vscode.commands.registerCommand('askModel.completions.selectModel', async (model?: string) => {
      const [{ selectModel }, clients, catalogues] = await Promise.all([loadDeferred.completions(), deps.clients(), deps.catalogues()]);
      return selectModel({ clients, catalogues }, { forCompletions: true, ...(typeof model === 'string' ? { model } : {}) });
    }),
    vscode.commands.registerCommand('askModel.completions.accepted', async (requestId: number) => {
      walkthroughStepDone('completions');
      return (await body()).engine.accepted(requestId);
    }),
    vscode.commands.registerCommand('askModel.completions.menu', async () => (await loadDeferred.completions()).showCompletionsMenu(readCompletionSwitch(vscode.window.activeTextEditor?.document.languageId), snoozedUntil > Date.now())),
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('askModel')) return;
      status = { kind: 'ready' };
      update();
    }),
    context.secrets.onDidChange(() => {
      status = { kind: 'ready' };
      void body().then((loaded) => loaded.settingsChanged(), () => undefined);
      update();
    }),
    { dispose: () => clearTimeout(snoozeTimer) },
  );
  update();
  item.show();
}
