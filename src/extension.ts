// Entry point: `activate` only wires; each feature registers itself and owns its disposables.
import type * as vscode from 'vscode';
import { ActiveRequests } from './host/activeRequests';
import { ApiKeyStore } from './host/apiKeyStore';
import { QuestionHistory } from './host/ask/questionHistory';
import { ClientFactory } from './host/clientFactory';
import { LastTextEditor } from './host/chat/lastTextEditor';
import { registerChat } from './host/chat/registerChat';
import { registerAskCommand } from './host/commands/askCommand';
import { registerEditSelectionCommand } from './host/commands/editSelectionCommand';
import { registerKeyCommands } from './host/commands/keyCommands';
import { registerUtilityCommands } from './host/commands/registerCommands';
import { createLog } from './host/log';
import { registerModelStatusBar } from './host/modelStatusBar';
import { registerTools } from './host/tools/registerTools';

/** What activation exposes to tests: timing only, never keys or clients. */
export interface AskModelExports {
  activationMs: number;
}

export function activate(context: vscode.ExtensionContext): AskModelExports {
  const started = performance.now();
  const log = createLog();
  const keys = new ApiKeyStore(context.secrets);
  const active = new ActiveRequests();
  const factory = new ClientFactory({ keys, log });
  const editors = new LastTextEditor();
  context.subscriptions.push(log, active, editors);
  const tools = registerTools(context, editors);

  registerAskCommand(context, { factory, active, log, questions: new QuestionHistory(context.globalState) });
  registerKeyCommands(context, keys);
  registerUtilityCommands(context, { factory, active, log });
  registerModelStatusBar(context);
  registerEditSelectionCommand(context, { factory, active, log, runner: tools.runner, reads: tools.reads });
  registerChat(context, { factory, active, log, editors, tools });

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(2)} ms`);
  return { activationMs };
}

export function deactivate(): void {}
