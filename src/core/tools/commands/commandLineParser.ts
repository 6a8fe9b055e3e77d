// Reads a command line the way a POSIX shell reads it (XCU 2.2 Quoting, 2.3 Token Recognition, 2.7 Redirection,
// 2.9.1 Simple Commands, 2.9.2 Pipelines, 2.9.3 Lists), but only the part of the language whose meaning is in the
// text itself: simple commands of plain words joined by `&&`, `||`, `;` and `|`, with redirections to plain words.
// Anything else (an expansion, a quote that could mean two things, a compound command, an invisible character) is
// not guessed at: it is reported with a reason a person can read, and the caller asks before running. A rule can only
// ever cover what this parser fully understood.
//
// Choices, each because the words a rule sees must be the words the program gets, whatever shell runs the line:
// - Globs (`*`, `?`, `[`) ask: their words depend on the files present, and a file named `--upload-pack=…` or
//   `--checkpoint-action=exec=…` turns into an option when `*` expands (zsh's glob qualifiers even run code).
// - `~` at the start of a word, `{…}`, `$` in any form, backticks and `!` (history expansion in an interactive shell)
//   ask; so does a backslash outside quotes (sh and PowerShell read it differently) and, inside double quotes, a
//   backslash before `$`, a backtick, `"` or `\` (the only escapes that change the text there).
// - Non-ASCII characters outside quotes ask (a Cyrillic `а` looks like a Latin `a`); invisible, control, bidi and
//   non-ASCII space characters ask anywhere, quoted or not, as the person reading the card cannot see them.
// - Hand-written rather than a dependency: the packages that parse shell either tokenise without a grammar and
//   silently drop what they do not understand (shell-quote), are unmaintained (bash-parser), or ship a WASM parser of
//   about a megabyte (sh-syntax, tree-sitter-bash) into the extension's bundle to answer a question this file answers
//   by refusing everything outside a small subset.

/** One word after quote removal. */
export interface ShellWord {
  /** What the program gets (quotes removed). */
  readonly text: string;
  /** The word as written. */
  readonly source: string;
  /** Whether any part of it was quoted. */
  readonly quoted: boolean;
}

export interface Redirection {
  /** `>`, `>>`, `<`, `>&` or `<&`. */
  readonly operator: '>' | '>>' | '<' | '>&' | '<&';
  /** The file descriptor written before the operator (`2` in `2>&1`), if any. */
  readonly fd: string | undefined;
  /** The file it opens, or the descriptor it duplicates (`1` in `2>&1`, `-` to close). */
  readonly target: ShellWord;
}

export interface SimpleCommand {
  /** The command name and its arguments. */
  readonly words: readonly ShellWord[];
  readonly redirections: readonly Redirection[];
}

export type ListOperator = '&&' | '||' | ';' | '|';

/**
 * The shell the line will run in. The grammar is POSIX sh's (bash, zsh, dash, fish read the covered subset alike);
 * PowerShell reads a few more characters of it its own way, so those ask too; cmd.exe does not treat `'` as a quote
 * and expands `%NAME%` inside `"…"`, so everything asks there.
 */
export type CommandShell = 'posix' | 'powershell' | 'cmd';

export type ParsedCommandLine =
  | { readonly ok: true; readonly commands: readonly SimpleCommand[]; readonly operators: readonly ListOperator[] }
  | { readonly ok: false; readonly reasons: readonly string[] };

/** Words that start a compound command or change how the next one runs, when they stand where a command name does. */
const RESERVED_WORDS = new Set(['!', '{', '}', '[[', ']]', 'case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in', 'repeat', 'select', 'then', 'time', 'until', 'while', 'foreach', 'end']);

/** Operators the shell recognises, longest first (bash's and zsh's too, so that none is read as two shorter ones). */
const OPERATORS = ['&>>', ';;&', '<<<', '<<-', '&&', '||', ';;', ';&', '|&', '&>', '>>', '>|', '>&', '<<', '<&', '<>', '<(', '>(', '&', '|', ';', '<', '>', '(', ')'] as const;
type Operator = (typeof OPERATORS)[number] | 'newline';

/** What each operator outside the covered subset does, said to the person who decides. */
const OPERATOR_REASONS: Partial<Record<Operator, string>> = {
  '&': 'a `&` runs a command in the background, where it goes on after the line ends',
  ';;': '`;;` belongs to a `case` statement, which is not a plain command',
  ';&': '`;&` belongs to a `case` statement, which is not a plain command',
  ';;&': '`;;&` belongs to a `case` statement, which is not a plain command',
  '|&': '`|&` pipes errors too and is bash-only (write `2>&1 |`)',
  '&>': '`&>` is bash-only: sh reads it as `&` (run in the background) then `>`',
  '&>>': '`&>>` is bash-only: sh reads it as `&` (run in the background) then `>>`',
  '>|': '`>|` overwrites a file even where the shell is set to refuse it',
  '<>': '`<>` opens a file for reading and writing',
  '<<': 'a here-document (`<<`) feeds the command text from the lines that follow',
  '<<-': 'a here-document (`<<-`) feeds the command text from the lines that follow',
  '<<<': 'a here-string (`<<<`) is expanded by the shell before the command gets it',
  '<(': 'process substitution `<(…)` runs another command',
  '>(': 'process substitution `>(…)` runs another command',
  '(': 'parentheses run commands in a subshell (or define a function)',
  ')': 'parentheses run commands in a subshell (or define a function)',
};

const LIST_OPERATORS = new Set<Operator>(['&&', '||', ';', '|', 'newline']);
const REDIRECTIONS = new Set<Operator>(['>', '>>', '<', '>&', '<&']);

/** Plain characters outside quotes; anything else printable and ASCII is read by the branches of `tokenize`. */
const PLAIN = /^[A-Za-z0-9_\-./:=@%+,#~\]]$/;

type Token = { kind: 'word'; word: ShellWord; ioNumber: boolean } | { kind: 'operator'; operator: Operator };

/** The line as the covered subset reads it, or every reason it is outside that subset. */
export function parseCommandLine(line: string, shell: CommandShell = 'posix'): ParsedCommandLine {
  const reasons: string[] = [];
  const ask = (reason: string): void => {
    if (!reasons.includes(reason)) reasons.push(reason);
  };
  if (shell === 'cmd') ask("the command runs in cmd.exe, which does not read `'` as a quote and expands `%NAME%`: its commands always ask");
  screenCharacters(line, ask);
  // PowerShell closes a "…" string at a typographic quote (“ ” „) too, so a line quoted for sh can hide a command.
  if (shell === 'powershell' && /[^\p{ASCII}]/u.test(line)) ask('a non-ASCII character in a line PowerShell runs: it reads typographic quotes and dashes as its own');
  const tokens = tokenize(line, ask, shell);
  const parsed = buildList(tokens, ask);
  if (reasons.length > 0 || !parsed) return { ok: false, reasons: reasons.length > 0 ? reasons : ['the line could not be read'] };
  return { ok: true, ...parsed };
}

/** Characters a person reading the card cannot see or tell apart, anywhere in the line (quotes included). */
function screenCharacters(line: string, ask: (reason: string) => void): void {
  if (line.trim() === '') ask('the command line is empty');
  for (const char of line) {
    const code = char.codePointAt(0) as number;
    if (char === '\n') ask('a line break: the next line is a second command a reader may miss');
    else if (char === '\r') ask('a carriage return: a terminal shows the text after it over the text before it');
    else if (char === '\t') continue;
    else if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u.test(char)) ask(`the invisible or control character ${codePoint(code)}${characterName(code)}`);
    else if (/\p{Zs}/u.test(char) && char !== ' ') ask(`the space-like character ${codePoint(code)}${characterName(code)}: it looks like a space but is not one to the shell`);
  }
}

function tokenize(line: string, ask: (reason: string) => void, shell: CommandShell): Token[] {
  const tokens: Token[] = [];
  let text = '';
  let source = '';
  let quoted = false;
  let inWord = false;
  let start = 0;
  const endWord = (): void => {
    if (!inWord) return;
    tokens.push({ kind: 'word', word: { text, source, quoted }, ioNumber: false });
    text = '';
    source = '';
    quoted = false;
    inWord = false;
  };
  const begin = (at: number): void => {
    if (!inWord) start = at;
    inWord = true;
  };
  let i = 0;
  while (i < line.length) {
    const char = line[i] as string;
    if (char === ' ' || char === '\t') {
      endWord();
      i++;
      continue;
    }
    if (char === '\n') {
      endWord();
      tokens.push({ kind: 'operator', operator: 'newline' });
      i++;
      continue;
    }
    if (!inWord && char === '#') {
      ask('a `#` comment: the rest of the line is not run, and a reader may not see where the command ends');
      break;
    }
    const operator = OPERATORS.find((candidate) => line.startsWith(candidate, i));
    if (operator) {
      // Digits right before `<` or `>` name the descriptor (POSIX IO_NUMBER): `2>&1`.
      const ioNumber = inWord && !quoted && /^[0-9]+$/.test(source) && (operator.startsWith('<') || operator.startsWith('>'));
      if (ioNumber) {
        tokens.push({ kind: 'word', word: { text, source, quoted }, ioNumber: true });
        text = '';
        source = '';
        inWord = false;
      } else endWord();
      tokens.push({ kind: 'operator', operator });
      i += operator.length;
      continue;
    }
    begin(i);
    if (char === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) {
        ask('a single quote is not closed');
        return tokens;
      }
      text += line.slice(i + 1, close);
      source += line.slice(i, close + 1);
      quoted = true;
      i = close + 1;
      // `'a''b'` is `ab` to sh and `a'b` to PowerShell: the words would differ with the shell.
      if (line[i] === "'") ask("two single-quoted parts side by side (`'a''b'`): shells read them differently");
      continue;
    }
    if (char === '"') {
      const close = readDoubleQuoted(line, i, ask);
      if (close < 0) {
        ask('a double quote is not closed');
        return tokens;
      }
      text += line.slice(i + 1, close);
      source += line.slice(i, close + 1);
      quoted = true;
      i = close + 1;
      // `"a""b"` is `ab` to sh and `a"b` to PowerShell.
      if (line[i] === '"') ask('two double-quoted parts side by side (`"a""b"`): shells read them differently');
      continue;
    }
    if (char === '\\') {
      ask('a backslash outside quotes (`\\`): shells read it differently; quote the word instead');
      source += line.slice(i, i + 2);
      text += line.slice(i + 1, i + 2);
      i += 2;
      continue;
    }
    if (char === '$') {
      const skipTo = askExpansion(line, i, ask);
      source += line.slice(i, skipTo);
      text += line.slice(i, skipTo);
      i = skipTo;
      continue;
    }
    if (char === '`') ask('backticks (`…`) run another command and put its output in the line');
    else if (char === '!') ask('`!`: an interactive shell expands it from the history (or negates the command)');
    else if (char === '~' && i === start) ask('`~` at the start of a word expands to a home folder');
    else if (char === '=' && i === start) ask('a word starting with `=`: zsh expands `=name` to the path of a program');
    else if (char === '%' && i === start) ask('a word starting with `%`: fish expands `%name` to process ids, PowerShell runs `%` as ForEach-Object');
    else if (shell === 'powershell' && char === ',') ask('a comma outside quotes: PowerShell splits the word into several there');
    else if (shell === 'powershell' && char === '@' && i === start) ask('`@` at the start of a word: PowerShell splats a variable or builds an array');
    else if (char === '*' || char === '?' || char === '[') ask('a glob (`*`, `?`, `[…]`): its words depend on the files present, and a file named like an option becomes one');
    else if (char === '{' || char === '}') ask('braces (`{…}`): a brace group or brace expansion');
    else if ((char.codePointAt(0) as number) >= 0x80) {
      const code = line.codePointAt(i) as number;
      ask(`the non-ASCII character ${JSON.stringify(String.fromCodePoint(code))} (${codePoint(code)}) outside quotes: it may look like another (a Cyrillic \`а\` is not a Latin \`a\`)`);
      const width = code > 0xffff ? 2 : 1;
      source += line.slice(i, i + width);
      text += line.slice(i, i + width);
      i += width;
      continue;
    } else if (!PLAIN.test(char) && !/[\p{Cc}\p{Cf}\p{Zs}]/u.test(char)) ask(`the character \`${char}\` outside quotes has a meaning to the shell`);
    source += char;
    text += char;
    i++;
  }
  endWord();
  return tokens;
}

/** The index of the closing `"`, or -1; asks about what the shell would expand inside. */
function readDoubleQuoted(line: string, open: number, ask: (reason: string) => void): number {
  let i = open + 1;
  while (i < line.length) {
    const char = line[i] as string;
    if (char === '"') return i;
    if (char === '\\') {
      const next = line[i + 1];
      if (next === '$' || next === '`' || next === '"' || next === '\\' || next === '\n') {
        ask('a backslash escape inside double quotes: shells read it differently; use single quotes');
        i += 2;
        continue;
      }
    } else if (char === '$') {
      i = askExpansion(line, i, ask);
      continue;
    } else if (char === '`') ask('backticks (`…`) run another command and put its output in the line');
    else if (char === '!') ask('`!` inside double quotes: an interactive shell expands it from the history');
    i++;
  }
  return -1;
}

/** Asks about the expansion that starts with the `$` at `at`; returns where reading goes on (past a bracketed one). */
function askExpansion(line: string, at: number, ask: (reason: string) => void): number {
  const next = line[at + 1];
  if (line.startsWith('$((', at)) {
    ask('arithmetic expansion `$((…))`: it can run commands through array subscripts');
    return closingBracket(line, at + 1, '(', ')');
  }
  if (next === '(') {
    ask('command substitution `$(…)` runs another command and puts its output in the line');
    return closingBracket(line, at + 1, '(', ')');
  }
  if (next === '{') {
    ask('parameter expansion `${…}`: its value is not in the line (and some forms run code)');
    return closingBracket(line, at + 1, '{', '}');
  }
  if (next === "'") ask("`$'…'` quoting decodes escapes, so the text is not what it looks like");
  else if (next === '"') ask('`$"…"` quoting translates the text through the locale');
  else if (next !== undefined && /[A-Za-z_]/.test(next)) ask('a variable (`$NAME`): its value is not in the line');
  else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) ask('a special parameter (`$?`, `$1`, …): its value is not in the line');
  else ask('a `$`: shells read it differently when nothing plain follows');
  return at + 1;
}

/** The index just past the bracket that closes the one at `open` (counting nesting), or the end of the line. */
function closingBracket(line: string, open: number, opening: string, closing: string): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    if (line[i] === opening) depth++;
    else if (line[i] === closing && --depth === 0) return i + 1;
  }
  return line.length;
}

/** The list of simple commands and the operators between them (POSIX 2.9.1–2.9.3 restricted to the subset). */
function buildList(tokens: readonly Token[], ask: (reason: string) => void): { commands: SimpleCommand[]; operators: ListOperator[] } | undefined {
  const commands: SimpleCommand[] = [];
  const operators: ListOperator[] = [];
  let words: ShellWord[] = [];
  let redirections: Redirection[] = [];
  let pendingFd: string | undefined;
  let lastOperator: Operator | undefined;
  const finish = (operator: Operator): void => {
    if (words.length === 0 && redirections.length === 0) ask(`\`${shown(operator)}\` with no command before it`);
    else commands.push(checkedCommand(words, redirections, ask));
    words = [];
    redirections = [];
    operators.push(operator === 'newline' ? ';' : (operator as ListOperator));
    lastOperator = operator;
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.kind === 'word') {
      if (token.ioNumber) pendingFd = token.word.source;
      else words.push(token.word);
      lastOperator = undefined;
      continue;
    }
    const { operator } = token;
    if (LIST_OPERATORS.has(operator)) {
      finish(operator);
      continue;
    }
    if (REDIRECTIONS.has(operator)) {
      const target = tokens[index + 1];
      if (target?.kind !== 'word' || target.ioNumber) ask(`\`${operator}\` with no file after it`);
      else {
        redirections.push({ operator: operator as Redirection['operator'], fd: pendingFd, target: target.word });
        index++;
      }
      pendingFd = undefined;
      lastOperator = undefined;
      continue;
    }
    ask(OPERATOR_REASONS[operator] ?? `the operator \`${operator}\``);
    lastOperator = undefined;
  }
  if (words.length > 0 || redirections.length > 0) commands.push(checkedCommand(words, redirections, ask));
  else if (lastOperator !== undefined && lastOperator !== ';' && lastOperator !== 'newline') {
    ask(`the line ends with \`${shown(lastOperator)}\`: the shell would wait for more`);
  } else if (operators.length > 0 && lastOperator !== undefined) operators.pop();
  if (commands.length === 0) {
    ask('there is no command in the line');
    return undefined;
  }
  if (operators.length !== commands.length - 1) return undefined;
  return { commands, operators };
}

/** A simple command, after asking about the parts that make it more than a plain one. */
function checkedCommand(words: ShellWord[], redirections: Redirection[], ask: (reason: string) => void): SimpleCommand {
  const first = words[0];
  if (!first) ask('a redirection with no command');
  else if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(first.source)) ask(`an assignment before the command (\`${first.source}\`) changes what it runs with`);
  else if (!first.quoted && RESERVED_WORDS.has(first.text)) ask(`\`${first.text}\` starts a shell statement, not a plain command`);
  return { words, redirections };
}

function shown(operator: Operator): string {
  return operator === 'newline' ? 'line break' : operator;
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The names of the characters most often used to hide text, for the reason a person reads. */
function characterName(code: number): string {
  const names: Record<number, string> = {
    0x00a0: 'no-break space',
    0x1b: 'escape (starts terminal control sequences)',
    0x200b: 'zero-width space',
    0x200c: 'zero-width non-joiner',
    0x200d: 'zero-width joiner',
    0x200e: 'left-to-right mark',
    0x200f: 'right-to-left mark',
    0x202a: 'left-to-right embedding',
    0x202b: 'right-to-left embedding',
    0x202c: 'pop directional formatting',
    0x202d: 'left-to-right override',
    0x202e: 'right-to-left override',
    0x2060: 'word joiner',
    0x2066: 'left-to-right isolate',
    0x2067: 'right-to-left isolate',
    0x2068: 'first strong isolate',
    0x2069: 'pop directional isolate',
    0x3000: 'ideographic space',
    0xfeff: 'zero-width no-break space',
  };
  const name = names[code];
  return name ? ` (${name})` : '';
}
