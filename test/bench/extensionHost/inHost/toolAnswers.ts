// Reads both contenders' answers back into items (`path`, or `path:line` for a match) and checks them against what
// the generator knows is in the workspace. Ours is read from the text the model would receive, so a formatting or
// filtering mistake fails the bench as surely as a missing file.
import type { ToolScenario } from '../benchPlan';

export interface ToolAnswer {
  items: string[];
  more: boolean;
  /** The matched lines' text (search_text), for checking a capped search found the query. */
  texts: string[];
}

/** list_files / search_text output: a header line, one item per line, and a bracketed footer when cut. */
export function parseOurs(scenario: ToolScenario, status: string, content: string): ToolAnswer {
  if (status !== 'done') throw new Error(`${scenario.tool} ${JSON.stringify(scenario.args)} failed: ${content}`);
  const lines = content.split('\n');
  const header = lines.shift() ?? '';
  if (/^No (files|matches)/.test(header)) return { items: [], more: false, texts: [] };
  const more = lines.at(-1)?.startsWith('[There are more') ?? false;
  if (more) lines.pop();
  if (scenario.tool === 'list_files') return { items: lines, more, texts: [] };
  const matches = lines.map((line) => /^(.*?):(\d+): (.*)$/.exec(line));
  if (matches.some((match) => !match)) throw new Error(`unreadable search_text line in: ${content.slice(0, 500)}`);
  return { items: matches.map((match) => `${match![1]}:${match![2]}`), more, texts: matches.map((match) => match![3]!) };
}

export function parseRipgrep(scenario: ToolScenario, lines: readonly string[]): ToolAnswer {
  if (scenario.tool === 'list_files') return { items: [...lines], more: false, texts: [] };
  const matches = lines.map((line) => /^(.*?):(\d+):(.*)$/.exec(line));
  return { items: matches.map((match) => (match ? `${match[1]}:${match[2]}` : `unreadable: ${lines[0]}`)), more: false, texts: matches.map((match) => match?.[3] ?? '') };
}

export function checkOurs(scenario: ToolScenario, answer: ToolAnswer): void {
  const expected = scenario.oursExpected;
  if ('items' in expected) {
    sameItems(`ours (${scenario.name})`, answer.items, expected.items);
    if (answer.more) throw new Error(`ours (${scenario.name}) says there are more results, but it returned all ${answer.items.length}`);
    return;
  }
  const allowed = new Set(expected.allowed);
  const stranger = answer.items.find((item) => !allowed.has(scenario.tool === 'search_text' ? item.replace(/:\d+$/, '') : item));
  if (stranger !== undefined) throw new Error(`ours (${scenario.name}) answered ${stranger}, which it must not see`);
  if (answer.items.length !== expected.count || !answer.more) throw new Error(`ours (${scenario.name}) gave ${answer.items.length} items (more: ${answer.more}); expected the first ${expected.count} and "more"`);
  if (new Set(answer.items).size !== answer.items.length) throw new Error(`ours (${scenario.name}) repeated an item`);
  if (scenario.matchText !== undefined && answer.texts.some((text) => !text.includes(scenario.matchText!))) throw new Error(`ours (${scenario.name}) returned a line without ${scenario.matchText}`);
}

export function checkRipgrep(scenario: ToolScenario, answer: ToolAnswer): void {
  const expected = scenario.rgExpected;
  if ('items' in expected) sameItems(`bare rg (${scenario.name})`, answer.items, expected.items);
  else if (answer.items.length !== expected.count) throw new Error(`bare rg (${scenario.name}) found ${answer.items.length}, expected ${expected.count}`);
}

function sameItems(who: string, actual: readonly string[], expected: readonly string[]): void {
  const want = new Set(expected);
  const got = new Set(actual);
  const missing = expected.filter((item) => !got.has(item));
  const extra = actual.filter((item) => !want.has(item));
  if (missing.length > 0 || extra.length > 0 || actual.length !== expected.length) {
    throw new Error(`${who}: ${actual.length} items, expected ${expected.length}; missing ${missing.slice(0, 5).join(', ') || 'none'}; unexpected ${extra.slice(0, 5).join(', ') || 'none'}`);
  }
}
