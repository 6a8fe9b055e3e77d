// Maps what the chat view says to the chat session (src/core/chat/chatSession.ts) and to VS Code actions (the
// editor's context, code blocks, links, error fixes, edit decisions). It keeps no state: the session owns the chat.
import * as vscode from 'vscode';
import { isOpenableLink, messageOf, type ChatSession, type HostMessage, type RestoreOutcome, type ViewMessage } from '../../../core';
import { pickImageFiles } from './imageFiles';
import type { Log } from '../../platform/log/log';
import { readProfiles, readSettings, setActiveProfile } from '../../platform/settings/settings';
import { openRulesFile } from '../../platform/rules/projectRulesReader';
import { runErrorAction } from '../../platform/ui/showError';
import type { Lazy } from '../../platform/lazyValue';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import type { AnswerChanges, RevertOutcome } from './answerChanges';
import { applyCode, copyCode, insertCode } from './codeActions';
import type * as Transfer from './transfer/deferred';
import { chipFromEditor } from './editorContext';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import type { ChatInput } from './mentions/chatInput';
import { askAboutConflicts, reportRestore, type RestoreOptions } from './restoreToHere';

export interface ChatControllerDeps {
  session: ChatSession;
  log: Log;
  editors: LastTextEditor;
  /** Loaded by the first tool call; a card's decision comes only after one. */
  tools: Lazy<WorkspaceTools>;
  /** Export and Import, loaded on the first one. */
  transfer: Lazy<typeof Transfer>;
  answerChanges: AnswerChanges;
  /** Completion, @-mentions and slash commands in the message box. */
  input: ChatInput;
  /** To the view (the images picked with Attach image). */
  post: (message: HostMessage) => void;
}

export class ChatController {
  constructor(private readonly deps: ChatControllerDeps) {}

  /** Handles one message; a failure is logged (the view has nobody to tell). */
  receive(message: ViewMessage): void {
    this.handle(message).catch((error: unknown) => this.deps.log.error(`chat view: ${messageOf(error)}`));
  }

  async handle(message: ViewMessage): Promise<void> {
    const { session, tools, editors } = this.deps;
    switch (message.type) {
      case 'ready':
        return session.showState();
      case 'send':
        return this.deps.input.send(message.text, message.images ?? []);
      case 'pickImages':
        return this.deps.post(await pickImageFiles());
      case 'resendImages':
        return session.resendImages(message.turnId, message.withImages);
      case 'stop':
        return session.stop();
      case 'retry':
        return session.retry();
      case 'newChat':
        return session.newChat();
      case 'attachContext':
        return this.attach(message.kind);
      case 'removeContext':
        return session.removeContext(message.chipId);
      case 'completeInput':
        return this.deps.input.complete(message.requestId, message.trigger, message.query);
      case 'attachMention':
        return this.deps.input.attachMention(message.itemId);
      case 'copyCode':
        return copyCode(message.code);
      case 'insertCode':
        await insertCode(editors, message.code);
        return;
      case 'applyCode':
        await applyCode(editors, message.code);
        return;
      case 'openLink':
        return this.openLink(message.href);
      case 'openConversation':
        return session.open(message.id);
      case 'deleteConversation':
        return session.delete(message.id);
      case 'errorAction':
        return runErrorAction(message.action, () => session.retry());
      case 'toolDecision':
        (await tools()).decide(message.callId, message.reason ? { approved: message.approved, reason: message.reason } : { approved: message.approved });
        return;
      case 'showDiff':
        await (await tools()).reshowDiff(message.callId);
        return;
      case 'commandAction':
        await (await tools()).commandAction(message.callId, message.action);
        return;
      case 'compactNow':
        return session.compactNow();
      case 'revertAnswerEdits':
        await this.revertAnswer(message.turnId);
        return;
      case 'viewAnswerChanges':
        return this.viewAnswerChanges(message.turnId);
      case 'restoreToHere':
        await this.restoreToHere(message.turnId);
        return;
      case 'redoRestore':
        await this.redoRestore();
        return;
      case 'exportConversation':
        await (await this.deps.transfer()).exportConversation(session, { conversationId: message.id });
        return;
      case 'importConversation':
        await (await this.deps.transfer()).importConversation(session);
        return;
      case 'selectProfile':
        // The header offers only the names it was sent; a name that is not a profile (any more) changes nothing.
        if (readProfiles().some((profile) => profile.name === message.name)) await setActiveProfile(message.name);
        return;
      case 'setMode':
        return session.setMode(message.mode);
      case 'actOnPlan':
        return session.actOnPlan(message.turnId);
      case 'openRulesFile':
        if (!(await openRulesFile(message.path))) void vscode.window.showWarningMessage(`Ask Model: the rules file ${message.path} could not be opened; it may have been moved or deleted.`);
        return;
      default:
        assertNever(message);
    }
  }

  /** "Revert this answer's edits" on an answer of the open conversation; undefined when there is no such answer. */
  async revertAnswer(turnId: string): Promise<RevertOutcome | undefined> {
    const answer = this.deps.session.answerEdits(turnId);
    if (!answer) return undefined;
    return this.deps.answerChanges.revert(answer.edits);
  }

  /** Restore to here on a user message of the open conversation; undefined when there is no such message or it is busy. */
  async restoreToHere(turnId: string, options: RestoreOptions = {}): Promise<RestoreOutcome | undefined> {
    if (this.deps.session.busy) {
      void vscode.window.showInformationMessage('Ask Model: an answer is in progress; stop it (or let it end), then Restore to here.');
      return undefined;
    }
    const outcome = await this.deps.session.restoreTo(turnId, options.conflicts ? async () => options.conflicts ?? 'cancel' : askAboutConflicts);
    if (outcome) reportRestore(outcome, 'Restored');
    return outcome;
  }

  /** Redo restore: the conversation and the files as they were right before the last Restore to here. */
  async redoRestore(options: RestoreOptions = {}): Promise<RestoreOutcome | undefined> {
    const outcome = await this.deps.session.redoRestore(options.conflicts ? async () => options.conflicts ?? 'cancel' : askAboutConflicts);
    if (outcome) reportRestore(outcome, 'Put back');
    return outcome;
  }

  /** "View changes": one diff of every file the answer changed. */
  async viewAnswerChanges(turnId: string): Promise<void> {
    const answer = this.deps.session.answerEdits(turnId);
    if (answer) await this.deps.answerChanges.show(`Ask Model’s changes: ${answer.title}`, answer.edits);
  }

  /** Attaches the selection (or file) of the editor the user left; says so when there is none. */
  attach(kind: 'selection' | 'file'): void {
    const editor = this.deps.editors.get();
    const chip = editor ? chipFromEditor(editor, kind, readSettings().maxContextCharacters) : undefined;
    if (!chip) {
      void vscode.window.showInformationMessage(kind === 'selection' ? 'Ask Model: select some code in an editor first.' : 'Ask Model: open a file first.');
      return;
    }
    this.deps.session.attach(chip);
  }

  private async openLink(href: string): Promise<void> {
    if (!isOpenableLink(href)) {
      this.deps.log.warn(`chat: refused to open a link that is not http(s) or mailto: ${href.slice(0, 200)}`);
      return;
    }
    // openExternal goes through VS Code's link protection, which asks before opening an untrusted domain.
    await vscode.env.openExternal(vscode.Uri.parse(href, true));
  }
}

function assertNever(value: never): never {
  throw new Error(`unhandled view message ${JSON.stringify(value)}`);
}
