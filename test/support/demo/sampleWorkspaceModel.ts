// What the demo server answers to the sample workspace README's suggestions, so that without a real model each one
// still does what the README says: Ask Model explains what `average` does with an empty list; the chat reads the
// file it is named, proposes the fix as a replace_in_file edit and says what happened to it; Edit Selection proposes
// the fix for the function selected. Each answer says it is scripted. Anything else (undefined here) gets the
// reference server's generic demo answer.
import { textTurn, toolCallsTurn, type AnswerTurn, type ChatMessage, type ChatRequest } from '../referenceServer';

const SCRIPTED = '_A scripted answer from the demo server (no model is connected): connect a real server to ask anything else._';

interface EmptyListBug {
  name: string;
  /** Text of the unfixed function that the edit replaces (exactly once in src/stats.ts). */
  oldText: string;
  newText: string;
  /** The answer to "What happens with an empty list?". */
  explanation: string;
}

const rangeErrorGuard = (name: string): string => `  if (values.length === 0) throw new RangeError('${name} of an empty list');\n`;

export const EMPTY_LIST_BUGS: readonly EmptyListBug[] = [
  {
    name: 'average',
    oldText: '  let total = 0;\n',
    newText: `${rangeErrorGuard('average')}  let total = 0;\n`,
    explanation:
      '`average([])` returns `NaN`: the loop adds nothing, so it divides `0 / 0`. No error is thrown, so the `NaN` travels silently into whatever uses the result. Check for an empty list first and throw a `RangeError` (or return a value your callers expect).',
  },
  {
    name: 'median',
    oldText: '  const sorted = [...values].sort((a, b) => a - b);\n',
    newText: `${rangeErrorGuard('median')}  const sorted = [...values].sort((a, b) => a - b);\n`,
    explanation:
      '`median([])` returns `undefined`, although its type says `number`: `sorted[0]` does not exist, and the `!` hides that from the compiler. Check for an empty list first and throw a `RangeError`.',
  },
];

/** The demo server's answer when the request is one of the README's suggestions; undefined otherwise. */
export function answerAboutSampleWorkspace(request: ChatRequest): AnswerTurn | undefined {
  const userIndex = request.messages.map((message) => message.role).lastIndexOf('user');
  const asked = request.messages[userIndex]?.content ?? '';
  const typed = firstParagraph(asked);
  if (!/\bempty\b/i.test(typed)) return undefined;
  // The code Ask Model and Edit Selection send comes first (Edit Selection adds the lines around it after).
  const selection = firstCodeBlock(asked);
  const bug =
    selection === undefined
      ? EMPTY_LIST_BUGS.find((candidate) => new RegExp(`\\b${candidate.name}\\b`).test(typed))
      : EMPTY_LIST_BUGS.find((candidate) => selection.includes(`function ${candidate.name}(`));
  if (bug === undefined) return undefined;
  const isFixed = (code: string): boolean => code.includes(bug.newText.split('\n')[0] ?? '');
  const alreadyFixed = `\`${bug.name}\` already throws a \`RangeError\` for an empty list: nothing to change.`;

  if (request.tools.length === 0) return scripted(isFixed(selection ?? '') ? alreadyFixed : bug.explanation);

  const turn = request.messages.slice(userIndex + 1);
  const editResult = resultOf(turn, 'replace_in_file');
  if (editResult !== undefined) {
    return scripted(editResult.startsWith('Replaced') ? `\`${bug.name}\` now throws a \`RangeError\` for an empty list.` : `I left \`${bug.name}\` as it was: ${editResult}`);
  }
  const path = /[\w.-]+(?:\/[\w.-]+)*\.ts\b/.exec(asked)?.[0];
  if (path === undefined) return undefined;
  const code = selection ?? resultOf(turn, 'read_file');
  if (code === undefined) {
    return offers(request, 'read_file') ? toolCallsTurn([{ name: 'read_file', arguments: JSON.stringify({ path }) }]) : undefined;
  }
  if (isFixed(code)) return scripted(alreadyFixed);
  if (!code.includes(bug.oldText.trimEnd()) || !offers(request, 'replace_in_file')) return undefined;
  return toolCallsTurn([{ name: 'replace_in_file', arguments: JSON.stringify({ path, old_text: bug.oldText, new_text: bug.newText }) }]);
}

function scripted(text: string): AnswerTurn {
  return textTurn(`${text}\n\n${SCRIPTED}`);
}

/** The request as typed: Ask Model and Edit Selection add the code after a blank line. */
function firstParagraph(text: string): string {
  return text.split(/\n\s*\n/)[0] ?? '';
}

function offers(request: ChatRequest, tool: string): boolean {
  return request.tools.some((offered) => offered.name === tool);
}

function firstCodeBlock(text: string): string | undefined {
  return /^(`{3,})[^\n]*\n([\s\S]*?)\n\1$/m.exec(text)?.[2];
}

/** The result of this turn's last call of `tool`, if it came back. */
function resultOf(turn: readonly ChatMessage[], tool: string): string | undefined {
  const callIds = new Set(turn.flatMap((message) => message.toolCalls.filter((call) => call.name === tool).map((call) => call.id)));
  return turn.filter((message) => message.role === 'tool' && callIds.has(message.toolCallId ?? '')).at(-1)?.content ?? undefined;
}
