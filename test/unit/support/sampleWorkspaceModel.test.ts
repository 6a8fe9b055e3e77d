// The demo server's scripted answers to the sample workspace README's suggestions, fed the prompts the extension
// really builds (core's Ask Model and Edit Selection prompts, the chat's tool rounds) as they arrive on the wire.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { buildAskMessages } from '../../../src/core/ask/askPrompt';
import { buildEditSelectionMessages } from '../../../src/core/ask/editSelectionPrompt';
import toolParameters from '../../../src/core/tools/toolParameters.generated.json';
import { EMPTY_LIST_BUGS, answerAboutSampleWorkspace } from '../../support/demo/sampleWorkspaceModel';
import { SAMPLE_WORKSPACE } from '../../support/demo/demoCodeServer';
import type { AnswerTurn } from '../../support/referenceServer';
import { validateChatRequest, type ChatRequest } from '../../support/referenceServer/validateChatRequest';

const STATS_PATH = 'src/stats.ts';
const stats = fs.readFileSync(path.join(SAMPLE_WORKSPACE, STATS_PATH), 'utf8');
const lines = stats.split('\n');
const TOOLS = Object.entries(toolParameters).map(([name, parameters]) => ({ type: 'function', function: { name, parameters } }));

function onTheWire(messages: unknown[], tools: unknown[] = []): ChatRequest {
  const validation = validateChatRequest({ model: 'demo-model', messages, ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}) });
  if (!validation.ok) throw new Error(validation.message);
  return validation.request;
}

/** The 1-based lines of `export function name` up to its closing brace. */
function functionAt(name: string): { startLine: number; endLine: number; code: string } {
  const start = lines.findIndex((line) => line.startsWith(`export function ${name}(`));
  const end = lines.findIndex((line, index) => index > start && line === '}');
  return { startLine: start + 1, endLine: end + 1, code: lines.slice(start, end + 1).join('\n') };
}

function askAbout(name: string, question: string): ChatRequest {
  const { startLine, endLine, code } = functionAt(name);
  return onTheWire(buildAskMessages('Be brief.', question, { languageId: 'typescript', path: STATS_PATH, code, startLine, endLine, wholeFile: false, truncatedCharacters: 0 }));
}

function textOf(turn: AnswerTurn | undefined): string {
  assert.equal(turn?.kind, 'text', JSON.stringify(turn));
  return turn.kind === 'text' ? turn.text : '';
}

function onlyCall(turn: AnswerTurn | undefined): { name: string; args: Record<string, unknown> } {
  assert.equal(turn?.kind, 'toolCalls', JSON.stringify(turn));
  if (turn?.kind !== 'toolCalls') throw new Error('unreachable');
  assert.equal(turn.calls.length, 1);
  const [call] = turn.calls;
  return { name: call?.name ?? '', args: JSON.parse(call?.arguments ?? '{}') as Record<string, unknown> };
}

describe('the demo server on the sample workspace', () => {
  it('each fix replaces text that occurs exactly once in the sample stats.ts', () => {
    for (const bug of EMPTY_LIST_BUGS) assert.equal(stats.split(bug.oldText).length - 1, 1, bug.name);
  });

  it('Ask Model on average, "What happens with an empty list?": says it returns NaN, and that the answer is scripted', () => {
    const text = textOf(answerAboutSampleWorkspace(askAbout('average', 'What happens with an empty list?')));
    assert.match(text, /`average\(\[\]\)` returns `NaN`/);
    assert.match(text, /scripted answer from the demo server/);
  });

  it('leaves any other question to the generic demo answer', () => {
    assert.equal(answerAboutSampleWorkspace(askAbout('average', 'What does this do?')), undefined);
  });

  it('the chat: reads the file it is named, proposes the fix of average, then says what became of it', () => {
    const user = { role: 'user', content: 'read src/stats.ts and fix average for empty lists' };
    const read = onlyCall(answerAboutSampleWorkspace(onTheWire([user], TOOLS)));
    assert.deepEqual(read, { name: 'read_file', args: { path: STATS_PATH } });

    const numbered = lines.map((line, i) => `${String(i + 1).padStart(2)} | ${line}`).join('\n');
    const afterRead = [user, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c1', content: numbered }];
    const edit = onlyCall(answerAboutSampleWorkspace(onTheWire(afterRead, TOOLS)));
    const average = EMPTY_LIST_BUGS.find((bug) => bug.name === 'average');
    assert.deepEqual(edit, { name: 'replace_in_file', args: { path: STATS_PATH, old_text: average?.oldText, new_text: average?.newText } });

    const editCall = { role: 'assistant', content: null, tool_calls: [{ id: 'c2', type: 'function', function: { name: 'replace_in_file', arguments: '{}' } }] };
    const accepted = [...afterRead, editCall, { role: 'tool', tool_call_id: 'c2', content: 'Replaced the text in "src/stats.ts"; the new text is at lines 3–4.' }];
    assert.match(textOf(answerAboutSampleWorkspace(onTheWire(accepted, TOOLS))), /`average` now throws a `RangeError`/);
    const rejected = [...afterRead, editCall, { role: 'tool', tool_call_id: 'c2', content: 'The user rejected this replace_in_file call, so it was not run.' }];
    assert.match(textOf(answerAboutSampleWorkspace(onTheWire(rejected, TOOLS))), /left `average` as it was: The user rejected/);
  });

  it('Edit Selection on median proposes median’s fix, though the lines around it show average too', () => {
    const { startLine, endLine, code } = functionAt('median');
    const messages = buildEditSelectionMessages('Be brief.', 'throw a RangeError for an empty list', {
      path: STATS_PATH,
      languageId: 'typescript',
      startLine,
      endLine,
      selectedText: code,
      surroundings: stats,
      surroundingsStartLine: 1,
    });
    const median = EMPTY_LIST_BUGS.find((bug) => bug.name === 'median');
    assert.deepEqual(onlyCall(answerAboutSampleWorkspace(onTheWire(messages, TOOLS))), {
      name: 'replace_in_file',
      args: { path: STATS_PATH, old_text: median?.oldText, new_text: median?.newText },
    });
  });

  it('says there is nothing to change once the fix is in', () => {
    const average = EMPTY_LIST_BUGS.find((bug) => bug.name === 'average');
    const fixed = stats.replace(average?.oldText ?? '', average?.newText ?? '');
    const user = { role: 'user', content: 'read src/stats.ts and fix average for empty lists' };
    const afterRead = [user, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c1', content: fixed }];
    assert.match(textOf(answerAboutSampleWorkspace(onTheWire(afterRead, TOOLS))), /already throws a `RangeError`/);
  });
});
