// The chat, built when its view first opens or a chat command first runs (registerChat.ts): the view provider, the
// session with its ports, the controller between them, the stored history, and what each chat command does.
import * as vscode from 'vscode';
import type { ChatSession } from '../../../core';
import type { Lazy } from '../../platform/lazyValue';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import type { Log } from '../../platform/log/log';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Runs } from '../../platform/run/runs';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';
import { AnswerChanges, ANSWER_CHANGE_SCHEME } from './answerChanges';
import { createCheckpointRecorder, type AroundCommand } from '../../platform/checkpoints/checkpoints';
import { restoreOptionsOf } from './restoreToHere';
import { ChatController } from './chatController';
import type { ChatCommand } from './chatIds';
import { ChatViewProvider } from './chatViewProvider';
import type { ExportRequest } from './transfer/conversationFiles';
import type * as Transfer from './transfer/deferred';
import { ConversationStore } from './conversationStore';
import { createChatSession } from './hostSessionPorts';
import { ChatInput } from './mentions/chatInput';

export interface ChatFeatureDeps {
  runs: Lazy<Runs>;
  /** Loaded when the model first calls a tool (or a card's decision arrives), not with the chat. */
  tools: Lazy<WorkspaceTools>;
  active: ActiveRequests;
  log: Log;
  editors: LastTextEditor;
  /** Export and Import, loaded on the first one. */
  transfer: Lazy<typeof Transfer>;
}

export interface Chat {
  session: ChatSession;
  provider: ChatViewProvider;
  commands: { readonly [Command in ChatCommand]: (...args: unknown[]) => unknown };
  /** For a tool that runs commands: wraps each one so Restore to here can bring back what it changed. */
  aroundCommand: AroundCommand;
}

export async function buildChat(context: vscode.ExtensionContext, deps: ChatFeatureDeps): Promise<Chat> {
  const runs = await deps.runs();
  const store = new ConversationStore(context.workspaceState, (problem) => {
    deps.log.warn(`chat history: ${problem}`);
    void vscode.window.showWarningMessage(`Ask Model: ${problem}`);
  });
  const provider = new ChatViewProvider(context.extensionUri, deps.log);
  const checkpoints = createCheckpointRecorder(context, deps.log);
  const session = createChatSession({
    checkpoints,
    runs,
    active: deps.active,
    log: deps.log,
    store,
    tools: deps.tools,
    post: (message) => {
      if (message.type === 'turn' && message.turn.role === 'assistant' && message.turn.status === 'done') walkthroughStepDone('chat');
      provider.post(message);
    },
  });
  // Checkpoints of conversations the history no longer holds are dropped once per session, with their content.
  void checkpoints.retain(new Set(store.list().map((conversation) => conversation.id)));
  const answerChanges = new AnswerChanges();
  const input = new ChatInput({ session, editors: deps.editors, post: (message) => provider.post(message), log: deps.log });
  const controller = new ChatController({ session, log: deps.log, editors: deps.editors, tools: deps.tools, transfer: deps.transfer, answerChanges, input, post: (message) => provider.post(message) });
  context.subscriptions.push(
    input,
    provider,
    provider.onDidReceiveMessage((message) => controller.receive(message)),
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_CHANGE_SCHEME, answerChanges),
  );
  const commands: Chat['commands'] = {
    'askModel.openChat': () => provider.reveal(),
    'askModel.newChat': async () => {
      session.newChat();
      await provider.reveal();
    },
    'askModel.compactChat': async () => {
      await provider.reveal();
      await session.compactNow();
    },
    'askModel.exportChat': async (request) => (await deps.transfer()).exportConversation(session, request as ExportRequest | undefined),
    'askModel.importChat': async (uri) => {
      const imported = await (await deps.transfer()).importConversation(session, uri instanceof vscode.Uri ? uri : undefined);
      if (imported?.ok) await provider.reveal();
      return imported;
    },
    'askModel.chat.revertAnswerEdits': (turnId) => controller.revertAnswer(String(turnId)),
    'askModel.chat.viewAnswerChanges': (turnId) => controller.viewAnswerChanges(String(turnId)),
    'askModel.chat.addSelection': async () => {
      controller.attach('selection');
      await provider.reveal();
    },
    'askModel.chat.restoreToHere': (turnId, options) => controller.restoreToHere(String(turnId), restoreOptionsOf(options)),
    'askModel.chat.redoRestore': (options) => controller.redoRestore(restoreOptionsOf(options)),
  };
  return { session, provider, commands, aroundCommand: (folder, run) => checkpoints.aroundCommand(folder, run) };
}
