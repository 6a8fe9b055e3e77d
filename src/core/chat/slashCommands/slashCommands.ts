// The chat's slash commands: one record per command (its name, what the completion list says of it, what it does).
// A command is the message's first word; what follows it is the user's own words, sent after the command's prompt.
// Prompt files (promptFiles.ts) become commands of the same shape.

import type { ChatMode } from '../../run/chatMode';

/** What the host attaches before sending a command's prompt: the editor's selection, and the problems inside it. */
export type CommandContext = 'selection' | 'selectionProblems';

export type SlashAction =
  | { type: 'newChat' }
  | { type: 'compact' }
  /** Switches the chat's mode; words after the command are sent in the new mode. */
  | { type: 'mode'; mode: ChatMode }
  | { type: 'prompt'; prompt: string; context: readonly CommandContext[] };

export interface SlashCommand {
  name: string;
  description: string;
  action: SlashAction;
  /** The prompt file it came from (workspace-relative); none for a built-in command. */
  source?: string | undefined;
}

export const BUILT_IN_SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: 'new', description: 'Start a new chat', action: { type: 'newChat' } },
  { name: 'compact', description: 'Summarise the conversation so far for the model', action: { type: 'compact' } },
  { name: 'plan', description: 'Plan mode: the model only reads, and answers with a plan to act on', action: { type: 'mode', mode: 'plan' } },
  { name: 'act', description: 'Act mode: the model may use every tool the settings offer', action: { type: 'mode', mode: 'act' } },
  {
    name: 'explain',
    description: 'Explain the selected code',
    action: { type: 'prompt', prompt: 'Explain what the attached code does: its purpose, how it works step by step, and anything surprising or risky in it.', context: ['selection'] },
  },
  {
    name: 'fix',
    description: 'Fix the problems in the selected code',
    action: {
      type: 'prompt',
      prompt: 'Fix the problems in the attached code. The errors and warnings reported inside it are attached too. Say briefly what was wrong, then give the corrected code.',
      context: ['selection', 'selectionProblems'],
    },
  },
  {
    name: 'tests',
    description: 'Write unit tests for the selected code',
    action: {
      type: 'prompt',
      prompt: 'Write unit tests for the attached code, with the test framework and style this project already uses. Cover the usual cases, the edge cases and the errors.',
      context: ['selection'],
    },
  },
];

/** The command a message starts with, and the words after it; undefined when it does not start with a known one. */
export function findSlashCommand(text: string, commands: readonly SlashCommand[]): { command: SlashCommand; rest: string } | undefined {
  const match = /^\s*\/([\w.-]+)(?:\s+|$)([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  const name = (match[1] as string).toLowerCase();
  const command = commands.find((candidate) => candidate.name.toLowerCase() === name);
  return command ? { command, rest: (match[2] as string).trim() } : undefined;
}

/** The message a prompt command sends: its prompt, then the user's words after the command. */
export function commandMessage(prompt: string, rest: string): string {
  return rest === '' ? prompt.trim() : `${prompt.trim()}\n\n${rest}`;
}

/**
 * The built-in commands, then the prompt files' (one whose name a built-in has is left out: the built-in is what
 * the user knows by that name).
 */
export function allSlashCommands(promptCommands: readonly SlashCommand[]): SlashCommand[] {
  const taken = new Set(BUILT_IN_SLASH_COMMANDS.map((command) => command.name.toLowerCase()));
  const commands = [...BUILT_IN_SLASH_COMMANDS];
  for (const command of promptCommands) {
    if (taken.has(command.name.toLowerCase())) continue;
    taken.add(command.name.toLowerCase());
    commands.push(command);
  }
  return commands;
}
