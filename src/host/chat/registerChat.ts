// The chat feature: the view provider, its controller, and the Open Chat / New Chat commands. The view and the
// commands are registered at activation; the chat itself (controller, stored history, the view's message parser, from
// deferred.ts) is built when the view first opens or a chat command first runs.
import * as vscode from 'vscode';
import type { ActiveRequests } from '../activeRequests';
import type { ClientFactory } from '../clientFactory';
import { lazy, loadDeferred, type Lazy } from '../lazy';
import type { Log } from '../log';
import type { RegisteredTools } from '../tools/registerTools';
import type { ChatController } from './chatController';
import type { ChatViewProvider } from './chatViewProvider';
import type { LastTextEditor } from './lastTextEditor';

/** The view's id, as package.json contributes it. */
export const CHAT_VIEW_ID = 'askModel.chat';

export interface ChatFeatureDeps {
  factory: Lazy<ClientFactory>;
  active: ActiveRequests;
  log: Log;
  editors: LastTextEditor;
  tools: RegisteredTools;
}

interface Chat {
  controller: ChatController;
  provider: ChatViewProvider;
}

export function registerChat(context: vscode.ExtensionContext, deps: ChatFeatureDeps): void {
  let asked = false;
  const chat = lazy(() => {
    asked = true;
    return buildChat(context, deps);
  });
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, { resolveWebviewView: async (view) => (await chat()).provider.resolveWebviewView(view) }),
    // The view's header names the model: follow the setting (the status bar does the same). A chat not built yet
    // reads it when it is.
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (asked && event.affectsConfiguration('askModel.model')) {
        chat().then(({ controller }) => controller.refresh(), (error: unknown) => deps.log.error(`chat: ${String(error)}`));
      }
    }),
    vscode.commands.registerCommand('askModel.openChat', async () => (await chat()).provider.reveal()),
    vscode.commands.registerCommand('askModel.newChat', async () => {
      const { controller, provider } = await chat();
      await controller.newChat();
      await provider.reveal();
    }),
    vscode.commands.registerCommand('askModel.chat.addSelection', async () => {
      const { controller, provider } = await chat();
      await controller.attach('selection');
      await provider.reveal();
    }),
  );
}

async function buildChat(context: vscode.ExtensionContext, deps: ChatFeatureDeps): Promise<Chat> {
  const [{ ChatController, ChatViewProvider, ConversationStore }, factory, tools] = await Promise.all([loadDeferred(), deps.factory(), deps.tools.load()]);
  const store = new ConversationStore(context.workspaceState, (problem) => {
    deps.log.warn(`chat history: ${problem}`);
    void vscode.window.showWarningMessage(`Ask Model: ${problem}`);
  });
  const controller = new ChatController({ factory, active: deps.active, log: deps.log, editors: deps.editors, tools, store });
  return { controller, provider: new ChatViewProvider(context.extensionUri, controller, deps.log) };
}
