// What the chat's message box asks of the host beyond sending: completion for `@` and `/` (answered by request id,
// so the view can drop a late answer), attaching an accepted @-mention as a chip, and running a slash command when
// the message starts with one (/new and /compact act; /explain, /fix, /tests and prompt files attach their context
// and send their prompt with the user's words after it). The completion itself is core's MentionCompleter.
import * as vscode from 'vscode';
import { commandMessage, findSlashCommand, MentionCompleter, messageOf, type ChatSession, type CommandContext, type HostMessage, type ImageUpload, type InputTrigger } from '../../../../core';
import type { Log } from '../../../platform/log/log';
import { readSettings } from '../../../platform/settings/settings';
import { chipFromEditor } from '../editorContext';
import type { LastTextEditor } from '../../../platform/editors/lastTextEditor';
import { chipForMention, selectionProblemsChip } from './mentionChips';
import { hostMentionPorts } from './mentionSources';
import { TerminalOutputs } from './terminalOutputs';

export interface ChatInputDeps {
  session: ChatSession;
  editors: LastTextEditor;
  post: (message: HostMessage) => void;
  log: Log;
}

export class ChatInput implements vscode.Disposable {
  private readonly completer = new MentionCompleter(hostMentionPorts());
  private readonly terminals = new TerminalOutputs();
  private reportedProblems = '';

  constructor(private readonly deps: ChatInputDeps) {}

  async complete(requestId: number, trigger: InputTrigger, query: string): Promise<void> {
    let items: Awaited<ReturnType<MentionCompleter['complete']>> = [];
    try {
      items = await this.completer.complete(trigger, query);
      if (trigger === '/') await this.reportPromptFileProblems();
    } catch (error) {
      this.deps.log.warn(`chat completion for ${trigger}${query}: ${messageOf(error)}`);
    }
    this.deps.post({ type: 'completionItems', requestId, items });
  }

  async attachMention(itemId: string): Promise<void> {
    const target = this.completer.target(itemId);
    if (!target) {
      this.deps.log.warn(`chat: an @-mention that the last completion list did not offer (${itemId.slice(0, 100)}) was not attached`);
      return;
    }
    let result;
    try {
      result = await chipForMention(target, { editors: this.deps.editors, terminals: this.terminals });
    } catch (error) {
      this.deps.log.warn(`chat: @${target.kind} could not be attached: ${messageOf(error)}`);
      void vscode.window.showWarningMessage(`Ask Model: @${target.kind} could not be attached: ${messageOf(error)}`);
      return;
    }
    if ('problem' in result) {
      void vscode.window.showInformationMessage(`Ask Model: @${target.kind}: ${result.problem}`);
      return;
    }
    this.deps.session.attach(result.chip);
  }

  /** Sends the message, or runs the slash command it starts with. */
  async send(text: string, images: readonly ImageUpload[] = []): Promise<void> {
    const { session } = this.deps;
    const found = findSlashCommand(text, (await this.completer.slashCommands()).commands);
    if (!found) return session.send(text, images);
    const { command, rest } = found;
    switch (command.action.type) {
      case 'newChat':
        return session.newChat();
      case 'compact':
        return session.compactNow();
      case 'mode':
        await session.setMode(command.action.mode);
        if (rest !== '') await session.send(rest, images);
        return;
      case 'prompt':
        if (!this.attachCommandContext(command.name, command.action.context)) return;
        return session.send(commandMessage(command.action.prompt, rest), images);
    }
  }

  dispose(): void {
    this.terminals.dispose();
  }

  /** Attaches what the command works on; false (and the user told why) when there is nothing to attach. */
  private attachCommandContext(name: string, context: readonly CommandContext[]): boolean {
    if (context.length === 0) return true;
    const editor = this.deps.editors.get();
    if (!editor) {
      void vscode.window.showInformationMessage(`Ask Model: /${name} works on the code in an editor: open a file and select the code first.`);
      return false;
    }
    // No selection: the whole file, as "Ask model" does.
    const max = readSettings().maxContextCharacters;
    const code = chipFromEditor(editor, editor.selection.isEmpty ? 'file' : 'selection', max);
    if (code && context.includes('selection')) this.deps.session.attach(code);
    if (context.includes('selectionProblems')) {
      const whole = { document: editor.document, selection: new vscode.Selection(0, 0, editor.document.lineCount, 0) } as vscode.TextEditor;
      this.deps.session.attach(selectionProblemsChip(editor.selection.isEmpty ? whole : editor));
    }
    return true;
  }

  /** Prompt files that are not commands are named in the log once per change, not on every keystroke. */
  private async reportPromptFileProblems(): Promise<void> {
    const { problems } = await this.completer.slashCommands();
    const said = problems.join('\n');
    if (said !== this.reportedProblems && said !== '') this.deps.log.warn(`chat: prompt files not offered as commands:\n${said}`);
    this.reportedProblems = said;
  }
}
