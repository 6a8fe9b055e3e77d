// The rules files as the system prompt carries them: each under a heading with its path, capped per file and in
// total (a cap that cut is said in the text and in the notes, naming the file and how much), and each file's invisible
// or reordering characters named (a rules file is the workspace's text, as untrusted as the model's output: it may
// hide words from the person who reads it, "Trojan Source"). The characters stay in the text sent; the chip and the
// log say they are there.
import { countInvisibleCharacters, type InvisibleCharacterCount } from '../text/invisibleCharacters';

/** One file of rules at most this long is sent whole; the rest is cut. */
export const RULES_FILE_MAX_CHARACTERS = 8_000;
/** All the rules together at most this long; a file that no longer fits is left out, a file that partly fits is cut. */
export const RULES_TOTAL_MAX_CHARACTERS = 20_000;

export interface RulesFileText {
  /** As shown to the user and in the heading: relative to the workspace (with the folder's name in a multi-root one). */
  path: string;
  text: string;
}

export interface UsedRulesFile {
  path: string;
  /** Characters sent. */
  characters: number;
  /** Characters cut by the caps (0: sent whole). */
  cutCharacters: number;
  invisible: InvisibleCharacterCount[];
}

export interface ProjectRules {
  /** The files sent, in order. */
  files: UsedRulesFile[];
  /** The block added to the system prompt; '' when no file is sent. */
  text: string;
  /** What a person should know: cuts, files left out, invisible characters. One line each. */
  notes: string[];
}

export interface RulesCaps {
  perFile: number;
  total: number;
}

const PREAMBLE =
  "# Project rules\n\nThe workspace's own instructions for AI tools follow, each under its file's path. Follow them where they apply to the request.";

export function composeProjectRules(files: readonly RulesFileText[], caps: RulesCaps = { perFile: RULES_FILE_MAX_CHARACTERS, total: RULES_TOTAL_MAX_CHARACTERS }): ProjectRules {
  const used: UsedRulesFile[] = [];
  const sections: string[] = [];
  const notes: string[] = [];
  let left = caps.total;
  for (const file of files) {
    const whole = file.text.trim();
    if (left <= 0) {
      notes.push(`${file.path}: left out (${count(whole.length)} characters): the project rules already take ${count(caps.total)} characters, their cap`);
      continue;
    }
    const keep = Math.min(whole.length, caps.perFile, left);
    const sent = whole.slice(0, keep);
    const cut = whole.length - keep;
    left -= keep;
    if (cut > 0) {
      const why = keep === caps.perFile ? `each file is capped at ${count(caps.perFile)}` : `the project rules are capped at ${count(caps.total)} in all`;
      notes.push(`${file.path}: ${count(cut)} of ${count(whole.length)} characters cut (${why})`);
    }
    const invisible = countInvisibleCharacters(sent);
    if (invisible.length > 0) notes.push(`${file.path}: ${describeInvisible(invisible)}`);
    used.push({ path: file.path, characters: sent.length, cutCharacters: cut, invisible });
    sections.push(`## ${file.path}\n\n${sent}${cut > 0 ? `\n\n[${count(cut)} more characters of this file were cut]` : ''}`);
  }
  return { files: used, text: sections.length === 0 ? '' : [PREAMBLE, ...sections].join('\n\n'), notes };
}

/** "holds 3 invisible or reordering characters: U+202E RIGHT-TO-LEFT OVERRIDE ×2, U+200B ZERO WIDTH SPACE". */
export function describeInvisible(found: readonly InvisibleCharacterCount[]): string {
  const total = found.reduce((sum, { count: n }) => sum + n, 0);
  const listed = found.slice(0, 5).map(({ codePoint, name, count: n }) => `${codePoint} ${name}${n > 1 ? ` ×${n}` : ''}`);
  if (found.length > 5) listed.push(`and ${found.length - 5} more kinds`);
  return `holds ${total} invisible or reordering character${total === 1 ? '' : 's'}: ${listed.join(', ')}`;
}

/** The system prompt with the rules after it (either may be empty). */
export function systemPromptWithRules(systemPrompt: string, rules: Pick<ProjectRules, 'text'> | undefined): string {
  return [systemPrompt.trim(), rules?.text ?? ''].filter((part) => part !== '').join('\n\n');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
