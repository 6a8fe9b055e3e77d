// Entry point: `activate` only wires; each feature registers itself and owns its disposables. Registration is
// immediate (every command, the chat view, the status bar and the language model provider work at once) but what
// they run loads on first use: the commands' implementations, the chat, the tools and the client (with the core's
// zod schemas) are src/host/deferred.ts, bundled apart as dist/deferred.js and required by the first command, view or
// request that needs them, so the host reads and runs only this wiring when it loads the extension (see esbuild.js).
import type * as vscode from 'vscode';
import { ActiveRequests } from './host/platform/requests/activeRequests';
import { LastTextEditor } from './host/platform/editors/lastTextEditor';
import { registerChat } from './host/features/chat/registerChat';
import { registerCommit } from './host/features/commit/registerCommit';
import { registerCompletions } from './host/features/completions/registerCompletions';
import { registerFirstRun } from './host/features/profiles/registerFirstRun';
import { registerAskCommand, registerEditSelectionCommand, registerKeyCommands, registerProfileCommands, registerUtilityCommands } from './host/features/profiles/registerProfiles';
import { registerLanguageModels } from './host/features/languageModels/registerLanguageModels';
import { lazy, loadDeferred } from './host/lazy';
import { createLog } from './host/platform/log/logChannel';
import { registerModelStatusBar } from './host/features/profiles/modelStatusBar';
import { ServerNotices } from './host/platform/notices/serverNotices';
import { registerTools } from './host/features/tools/registerTools';
import { registerWalkthrough } from './host/features/walkthrough/registerWalkthrough';

/** What activation exposes to tests: timing only, never keys or clients. */
export interface AskModelExports {
  activationMs: number;
}

export function activate(context: vscode.ExtensionContext): AskModelExports {
  const started = performance.now();
  const log = createLog();
  const active = new ActiveRequests();
  const editors = new LastTextEditor();
  const notices = new ServerNotices();
  context.subscriptions.push(log, active, editors, notices);
  // One key store and one client factory for every feature (compatibility learnt about a server lasts the session),
  // built by the first command or chat message that needs them.
  const keys = lazy(async () => new (await loadDeferred()).ApiKeyStore(context.secrets));
  const factory = lazy(async () => {
    const { ClientFactory, ContextMemories, SpendLedger } = await loadDeferred();
    return new ClientFactory({ keys: await keys(), log, spend: new SpendLedger(context.globalState), notices, contextMemories: new ContextMemories(context.globalState, (line) => log.info(line)) });
  });
  const tools = registerTools(context, editors);

  registerAskCommand(context, { factory, active, log });
  registerKeyCommands(context, keys);
  registerProfileCommands(context, { keys, factory, log });
  registerUtilityCommands(context, { factory, active, log });
  registerModelStatusBar(context, notices);
  registerEditSelectionCommand(context, { factory, active, log, tools });
  registerChat(context, { factory, active, log, editors, tools });
  registerLanguageModels(context, { factory, log });
  registerCompletions(context, { factory, log });
  registerCommit(context, { factory, active, log });
  registerFirstRun(context, { log });
  registerWalkthrough(context);

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(2)} ms`);
  return { activationMs };
}

export function deactivate(): void {}
