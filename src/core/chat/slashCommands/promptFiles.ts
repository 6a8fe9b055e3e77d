// The user's prompt files (`.github/prompts/<name>.prompt.md`, the format VS Code's chat reads) as slash commands:
// `/<name>` sends the file's body. The front matter between `---` lines gives `description` (shown in the completion
// list); `mode`, `model` and `tools` are read but only `mode` is checked (ask, edit or agent), since our chat has one
// mode and the user's model choice. `${selection}` and `${selectedText}` attach the editor's selection.
import { splitFrontMatter } from '../../text/frontMatter';
import type { CommandContext, SlashCommand } from './slashCommands';

export const PROMPT_FILE_SUFFIX = '.prompt.md';
const KNOWN_MODES = new Set(['ask', 'edit', 'agent']);
const SELECTION_VARIABLE = /\$\{(selection|selectedText)\}/;

export type PromptFileResult = { ok: true; command: SlashCommand; frontMatter: Record<string, string> } | { ok: false; problem: string };

export function parsePromptFile(path: string, text: string): PromptFileResult {
  const fileName = path.split('/').pop() ?? path;
  if (!fileName.toLowerCase().endsWith(PROMPT_FILE_SUFFIX)) return { ok: false, problem: `${path}: a prompt file's name ends in ${PROMPT_FILE_SUFFIX}.` };
  const name = fileName.slice(0, -PROMPT_FILE_SUFFIX.length);
  if (!/^[\w.-]+$/.test(name)) return { ok: false, problem: `${path}: "${name}" cannot be a command name; use letters, digits, ".", "_" and "-".` };
  const split = splitFrontMatter(text);
  if (!split.ok) return { ok: false, problem: `${path}: ${split.problem}` };
  const { frontMatter, body } = split;
  const mode = frontMatter.mode;
  if (mode !== undefined && !KNOWN_MODES.has(mode)) return { ok: false, problem: `${path}: mode "${mode}" is not one of ask, edit or agent.` };
  if (body.trim() === '') return { ok: false, problem: `${path}: the prompt is empty; write it under the front matter.` };
  const context: CommandContext[] = SELECTION_VARIABLE.test(body) ? ['selection'] : [];
  const prompt = body.replace(new RegExp(SELECTION_VARIABLE.source, 'g'), 'the attached selection').trim();
  const description = frontMatter.description ?? `Prompt file ${path}`;
  return { ok: true, command: { name, description, action: { type: 'prompt', prompt, context }, source: path }, frontMatter };
}
