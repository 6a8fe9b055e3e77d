// The chat feature: the view provider, the chat session, the controller between them, and the Open Chat / New Chat
// commands. The view and the commands are registered at activation; the chat itself (session, controller, stored
// history, the view's message parser, from deferred.ts) is built when the view first opens or a chat command first runs.
import * as vscode from 'vscode';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import { lazy, loadDeferred, type Lazy } from '../../lazy';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import type { ChatSession } from '../../../core';
import type { ChatController } from './chatController';
import type { ExportRequest } from './conversationFiles';
import type { ChatViewProvider } from './chatViewProvider';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import { CHAT_VIEW_ID } from './chatIds';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';

export interface ChatFeatureDeps {
  runs: Lazy<Runs>;
  tools: Lazy<WorkspaceTools>;
  active: ActiveRequests;
  log: Log;
  editors: LastTextEditor;
}

interface Chat {
  session: ChatSession;
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
      if (asked && ['askModel.model', 'askModel.activeProfile', 'askModel.profiles'].some((key) => event.affectsConfiguration(key))) {
        chat().then(({ session }) => session.showState(), (error: unknown) => deps.log.error(`chat: ${String(error)}`));
      }
    }),
    vscode.commands.registerCommand('askModel.openChat', async () => (await chat()).provider.reveal()),
    vscode.commands.registerCommand('askModel.newChat', async () => {
      const { session, provider } = await chat();
      session.newChat();
      await provider.reveal();
    }),
    vscode.commands.registerCommand('askModel.compactChat', async () => {
      const { session, provider } = await chat();
      await provider.reveal();
      await session.compactNow();
    }),
    vscode.commands.registerCommand('askModel.exportChat', async (request?: ExportRequest) => {
      const [{ exportConversation }, { session }] = await Promise.all([loadDeferred.chat(), chat()]);
      return exportConversation(session, request);
    }),
    vscode.commands.registerCommand('askModel.importChat', async (uri?: vscode.Uri) => {
      const [{ importConversation }, { session, provider }] = await Promise.all([loadDeferred.chat(), chat()]);
      const imported = await importConversation(session, uri instanceof vscode.Uri ? uri : undefined);
      if (imported?.ok) await provider.reveal();
      return imported;
    }),
    // The answer's buttons in the view; commands too, so keyboard users and scripts reach them (hidden in the palette).
    vscode.commands.registerCommand('askModel.chat.revertAnswerEdits', async (turnId: string) => (await chat()).controller.revertAnswer(turnId)),
    vscode.commands.registerCommand('askModel.chat.viewAnswerChanges', async (turnId: string) => (await chat()).controller.viewAnswerChanges(turnId)),
    vscode.commands.registerCommand('askModel.chat.addSelection', async () => {
      const { controller, provider } = await chat();
      controller.attach('selection');
      await provider.reveal();
    }),
  );
}

async function buildChat(context: vscode.ExtensionContext, deps: ChatFeatureDeps): Promise<Chat> {
  // The workspace tools load when the model first calls one (or a card's decision arrives), not with the chat.
  const tools = deps.tools;
  const [{ AnswerChanges, ANSWER_CHANGE_SCHEME, ChatController, ChatInput, ChatViewProvider, ConversationStore, createChatSession }, runs] = await Promise.all([loadDeferred.chat(), deps.runs()]);
  const store = new ConversationStore(context.workspaceState, (problem) => {
    deps.log.warn(`chat history: ${problem}`);
    void vscode.window.showWarningMessage(`Ask Model: ${problem}`);
  });
  const provider = new ChatViewProvider(context.extensionUri, deps.log);
  const session = createChatSession({
    runs,
    active: deps.active,
    log: deps.log,
    store,
    tools,
    post: (message) => {
      if (message.type === 'turn' && message.turn.role === 'assistant' && message.turn.status === 'done') walkthroughStepDone('chat');
      provider.post(message);
    },
  });
  const answerChanges = new AnswerChanges();
  const input = new ChatInput({ session, editors: deps.editors, post: (message) => provider.post(message), log: deps.log });
  context.subscriptions.push(input);
  const controller = new ChatController({ session, log: deps.log, editors: deps.editors, tools, answerChanges, input });
  context.subscriptions.push(
    provider,
    provider.onDidReceiveMessage((message) => controller.receive(message)),
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_CHANGE_SCHEME, answerChanges),
  );
  return { session, controller, provider };
}
