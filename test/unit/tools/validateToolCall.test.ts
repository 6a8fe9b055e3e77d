import assert from 'node:assert/strict';
import { validateToolCall } from '../../../src/core/tools/validateToolCall';
import { WORKSPACE_TOOLS } from '../../../src/core/tools/workspaceTools';
import type { CompletedToolCall } from '../../../src/core/stream/events';

const call = (name: string, args: Record<string, unknown>): CompletedToolCall => ({
  index: 0,
  id: 'call_1',
  idGenerated: false,
  name,
  argumentsText: JSON.stringify(args),
  arguments: args,
});

function message(name: string, args: Record<string, unknown>): string {
  const result = validateToolCall(call(name, args));
  assert.equal(result.ok, false);
  return result.ok ? '' : result.message;
}

describe('validateToolCall', () => {
  it('accepts valid arguments and types them by tool name', () => {
    const result = validateToolCall(call('read_file', { path: 'src/a.ts', start_line: 3, end_line: 9 }));
    assert.ok(result.ok);
    assert.equal(result.call.name, 'read_file');
    assert.equal(result.call.kind, 'read');
    if (result.call.name === 'read_file') assert.deepEqual(result.call.args, { path: 'src/a.ts', start_line: 3, end_line: 9 });
    assert.equal(result.call.id, 'call_1');
    assert.equal(result.call.argumentsText, '{"path":"src/a.ts","start_line":3,"end_line":9}');
  });

  it('edits are marked as edits', () => {
    const result = validateToolCall(call('replace_in_file', { path: 'a', old_text: 'x', new_text: 'y' }));
    assert.ok(result.ok);
    assert.equal(result.call.kind, 'edit');
  });

  it('an unknown tool names the ones that exist', () => {
    assert.equal(
      message('run_shell', { command: 'rm -rf /' }),
      `There is no tool named "run_shell", so nothing was run. Available tools: ${WORKSPACE_TOOLS.filter((tool) => tool.kind !== 'command').map((tool) => tool.name).join(', ')}.`,
    );
  });

  it('run_command is a tool only where the offer says commands: elsewhere it is unknown, and never run', () => {
    const args = { command: 'npm test', reason: 'run the tests' };
    assert.match(message('run_command', args), /^There is no tool named "run_command", so nothing was run\. Available tools: read_file, .*, create_file\.$/);
    const offered = validateToolCall(call('run_command', args), { workspace: true, commands: true, vscode: [] });
    assert.ok(offered.ok);
    assert.equal(offered.call.kind, 'command');
    if (offered.call.name === 'run_command') assert.deepEqual(offered.call.args, args);
    const missingReason = validateToolCall(call('run_command', { command: 'ls' }), { workspace: true, commands: true, vscode: [] });
    assert.ok(!missingReason.ok && /reason/.test(missingReason.message));
  });

  it('invalid arguments give zod\'s readable issues and the tool\'s parameters', () => {
    assert.equal(
      message('read_file', { path: 3, start_line: 2.5 }),
      [
        'The arguments of read_file are not valid, so it was not run:',
        '✖ expected string, received number',
        '  → at path',
        '✖ expected a whole line number',
        '  → at start_line',
        'read_file takes path (string, required), start_line (integer), end_line (integer). Call it again with corrected arguments.',
      ].join('\n'),
    );
  });

  it('names a missing argument, an unknown key and a value outside the enum', () => {
    const text = message('search_text', { query: 'x', mode: 'fuzzy', case_sensitive: true });
    assert.match(text, /unknown key\(s\) case_sensitive/);
    assert.match(text, /expected one of "literal", "regex"\n {2}→ at mode/);
    assert.match(text, /mode \("literal" \| "regex", required\)/);
    assert.match(message('replace_in_file', { path: 'a', new_text: 'y' }), /expected string, received undefined\n {2}→ at old_text/);
  });

  it('checks limits the definition only describes', () => {
    assert.match(message('read_file', { path: 'a', start_line: 0 }), /line numbers start at 1/);
    assert.match(message('read_file', { path: 'a', start_line: 9, end_line: 3 }), /end_line must not be before start_line/);
    assert.match(message('list_files', { max_results: 5000 }), /must be at most 1000/);
    assert.match(message('replace_in_file', { path: 'a', old_text: '', new_text: 'y' }), /must not be empty \(to add a new file use create_file\)/);
    assert.match(message('read_file', { path: '' }), /must have at least 1 character/);
  });

  it('null means "not given" for an optional argument', () => {
    const result = validateToolCall(call('list_files', { glob: null, max_results: null }));
    assert.ok(result.ok);
    assert.deepEqual(result.call.args, {});
  });

  it('a tool without arguments takes {} and says so when given some', () => {
    assert.ok(validateToolCall(call('get_editor_context', {})).ok);
    assert.match(message('get_editor_context', { file: 'a' }), /get_editor_context takes no arguments: \{\}/);
  });

  it('never throws, whatever the model sends', () => {
    const odd: Record<string, unknown>[] = [{ path: { toString: 1 } }, { path: [] }, { __proto__: { path: 'x' } }, { constructor: 'x' }];
    for (const args of odd) for (const name of ['read_file', 'create_file', 'toString', '__proto__', '']) assert.doesNotThrow(() => validateToolCall(call(name, args)));
  });
});
