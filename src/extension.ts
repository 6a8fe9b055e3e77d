// Entry point: `activate` only wires. The session's services are built once, on first use, and handed to each feature
// by name; each feature registers itself (`registerX(context, deps)`) and owns its disposables. Registration is
// immediate (every command, the chat view, the status bar and the language model provider work at once) but what they
// run loads on first use: each part is its own file in dist/, required through src/host/lazy.ts, so the host reads and
// runs only this wiring when it loads the extension (see esbuild.js).
import type * as vscode from 'vscode';
import { loadDeferred } from './host/lazy';
import { lazy, memberOf } from './host/platform/lazyValue';
import { LastTextEditor } from './host/platform/editors/lastTextEditor';
import { createLog } from './host/platform/log/logChannel';
import { ServerNotices } from './host/platform/notices/serverNotices';
import { ActiveRequests } from './host/platform/requests/activeRequests';
import { registerAsk } from './host/features/ask/registerAsk';
import { registerChat } from './host/features/chat/registerChat';
import { registerCommit } from './host/features/commit/registerCommit';
import { registerCompletions } from './host/features/completions/registerCompletions';
import { registerEditSelection } from './host/features/editSelection/registerEditSelection';
import { registerLanguageModels } from './host/features/languageModels/registerLanguageModels';
import { registerProfiles } from './host/features/profiles/registerProfiles';
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
  // One of each service for every feature (what a client learns about a server lasts the session), built by the first
  // command, view or request that needs one.
  // Discovery's and the token counter's code load on the first catalogue and the first server that counts.
  const discover = async () => (await loadDeferred.catalogueDiscovery()).discoverServerModels;
  const loadTokenCounter = async () => (await loadDeferred.tokenCounting()).ServerTokenCounter;
  const platform = lazy(async () => (await loadDeferred.platform()).createPlatform({ secrets: context.secrets, globalState: context.globalState, log, notices, discover, loadTokenCounter }));
  const keys = memberOf(platform, 'keys');
  const clients = memberOf(platform, 'clients');
  const catalogues = memberOf(platform, 'catalogues');
  const keyBudgets = memberOf(platform, 'keyBudgets');
  const contextMemories = memberOf(platform, 'contextMemories');
  const runs = memberOf(platform, 'runs');
  const tools = registerTools(context, editors, keys);

  registerAsk(context, { runs, active, log });
  registerEditSelection(context, { runs, tools, active, log });
  registerChat(context, { runs, tools, active, log, editors });
  registerProfiles(context, { keys, clients, catalogues, runs, keyBudgets, active, notices, log });
  registerLanguageModels(context, { runs, clients, catalogues, contextMemories, log });
  registerCompletions(context, { runs, clients, catalogues, log });
  registerCommit(context, { runs, active, log });
  registerWalkthrough(context);

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(2)} ms`);
  return { activationMs };
}

export function deactivate(): void {}
