// The chat feature's wiring: the view and the chat's commands are registered at activation; the chat itself (session,
// controller, stored history, the view's message parser: chat.ts) is built when the view first opens or a chat
// command first runs.
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import { lazy } from '../../platform/lazyValue';
import type { ChatFeatureDeps } from './chat';
import { CHAT_COMMANDS, CHAT_VIEW_ID } from './chatIds';

export function registerChat(context: vscode.ExtensionContext, deps: Omit<ChatFeatureDeps, 'transfer'>): void {
  let asked = false;
  const chat = lazy(async () => {
    asked = true;
    return (await loadDeferred.chat()).buildChat(context, { ...deps, transfer: loadDeferred.chatTransfer });
  });
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, { resolveWebviewView: async (view) => (await chat()).provider.resolveWebviewView(view) }),
    // The view's header names the model: follow the setting (the status bar does the same). A chat not built yet
    // reads it when it is.
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (asked && ['askModel.model', 'askModel.activeProfile', 'askModel.profiles'].some((key) => event.affectsConfiguration(key))) {
        chat().then(({ session }) => session.showState(), (error: unknown) => deps.log.error(`chat: ${String(error)}`));
      }
    }),
    ...CHAT_COMMANDS.map((command) => vscode.commands.registerCommand(command, async (...args: unknown[]) => (await chat()).commands[command](...args))),
  );
}
