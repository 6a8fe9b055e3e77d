// The part of a run_command card below its line: the command exactly as it runs, every hidden or control character
// written out (core/text/visibleCommandLine.ts), the folder and the model's reason; while it waits, why it asks and
// Run / Reject / "Always allow commands starting with …"; then its output's last lines, the exit code, the time, Stop
// while it runs and "Open full output". Text only, through the element builder: nothing the model or the command
// wrote becomes markup.
import type { CommandCard, ToolCard } from '../../core/chat/webviewProtocol';
import { visibleCommandSegments, visibleOutputText } from '../../core/text/visibleCommandLine';
import { element } from '../dom';

export type CommandAction = 'stop' | 'openOutput' | 'allowRule';

export function isCommandAction(value: string | undefined): value is CommandAction {
  return value === 'stop' || value === 'openOutput' || value === 'allowRule';
}

/** The command line with its escapes marked; a written-out line break is followed by a real one. */
function commandLineElement(commandLine: string): HTMLElement {
  const code = element('code');
  for (const segment of visibleCommandSegments(commandLine)) {
    code.append(segment.escaped ? element('span', { class: 'command-escape', title: 'A character that is not shown as itself' }, segment.text) : segment.text);
    if (segment.breakAfter) code.append('\n');
  }
  return element('pre', { class: 'command-line', 'aria-label': 'The command that runs' }, code);
}

/** A line of model text (the reason) with hidden characters written out, on one line. */
function visibleLine(text: string): string {
  return visibleCommandSegments(text)
    .map((segment) => segment.text)
    .join('');
}

function endLine(command: CommandCard): string | undefined {
  const parts: string[] = [];
  if (command.ending === 'timed-out') parts.push('ended at the time-out');
  else if (command.ending === 'stopped') parts.push('stopped');
  else if (command.ending === 'cancelled') parts.push('stopped with the request');
  else if (command.ending === 'failed-to-start') parts.push('could not start');
  if (command.exitCode !== undefined) parts.push(`exit code ${command.exitCode}`);
  if (command.durationMs !== undefined) parts.push(`${(command.durationMs / 1000).toFixed(1)} s`);
  if (command.outputLines !== undefined && command.outputLines > 0) parts.push(`${command.outputLines.toLocaleString('en-US')} line${command.outputLines === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

export function commandCardParts(call: ToolCard, command: CommandCard): HTMLElement[] {
  const parts: HTMLElement[] = [commandLineElement(command.commandLine)];
  parts.push(element('p', { class: 'command-where' }, `in ${visibleLine(command.folder)}`, command.via ? ` · ${command.via === 'terminal' ? 'in a terminal' : 'as a process'}` : ''));
  if (command.reason !== '') parts.push(element('p', { class: 'command-reason' }, `Why: ${visibleLine(command.reason)}`));
  if (command.allowedBy && command.allowedBy.length > 0) parts.push(element('p', { class: 'command-allowed' }, `Allowed by your rule${command.allowedBy.length > 1 ? 's' : ''}: ${command.allowedBy.join(', ')}`));
  const waiting = call.status === 'awaiting-approval';
  if (waiting && command.approvalNotes && command.approvalNotes.length > 0) {
    parts.push(element('ul', { class: 'command-notes', 'aria-label': 'Why it asks' }, ...command.approvalNotes.map((note) => element('li', {}, note))));
  }
  if (command.binary) parts.push(element('p', { class: 'command-binary' }, 'The output looks binary; it is not shown.'));
  else if (command.outputTail !== undefined && command.outputTail !== '') {
    parts.push(element('pre', { class: 'command-output', 'aria-label': 'The last lines of the output', tabindex: 0 }, visibleOutputText(command.outputTail)));
  }
  const end = command.phase === 'ended' ? endLine(command) : undefined;
  if (end) parts.push(element('p', { class: 'command-end' }, end));
  const buttons = element('div', { class: 'tool-actions' });
  if (waiting) {
    buttons.append(
      element('button', { type: 'button', class: 'primary small', 'data-tool-action': 'accept', 'data-call-id': call.id }, 'Run'),
      element('button', { type: 'button', class: 'secondary small', 'data-tool-action': 'reject', 'data-call-id': call.id }, 'Reject'),
    );
    if (command.suggestedRule !== undefined) {
      buttons.append(
        element(
          'button',
          { type: 'button', class: 'secondary small', 'data-command-action': 'allowRule', 'data-call-id': call.id, title: 'Adds the rule to your user settings (askModel.tools.commandRules) and runs this command' },
          `Always allow commands starting with ${visibleLine(command.suggestedRule)}`,
        ),
      );
    }
  }
  if (command.phase === 'running' && call.status === 'running') buttons.append(element('button', { type: 'button', class: 'secondary small', 'data-command-action': 'stop', 'data-call-id': call.id }, 'Stop'));
  if (command.fullOutput && command.phase !== 'waiting') buttons.append(element('button', { type: 'button', class: 'secondary small', 'data-command-action': 'openOutput', 'data-call-id': call.id }, 'Open full output'));
  if (buttons.childElementCount > 0) parts.push(buttons);
  return parts;
}
