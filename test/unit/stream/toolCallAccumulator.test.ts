import assert from 'node:assert/strict';
import { ToolCallAccumulator } from '../../../src/core/stream/toolCallAccumulator';
import type { ChatEvent } from '../../../src/core/stream/events';

const fragment = (index: number | undefined, id?: string, name?: string, args?: string) => ({ index, id, name, arguments: args });
const summary = (events: ChatEvent[]) =>
  events.map((e) => (e.type === 'toolCall' ? ['ok', e.call.id, e.call.name, e.call.arguments] : e.type === 'toolCallError' ? ['broken', e.call.name, e.call.problem] : [e.type]));

describe('ToolCallAccumulator', () => {
  let ids = 0;
  const make = () => new ToolCallAccumulator(() => `gen-${++ids}`);
  beforeEach(() => {
    ids = 0;
  });

  it('takes id and name from the first fragment that carries them and ignores repeats', () => {
    const acc = make();
    acc.add(fragment(0, undefined, undefined, '{"a"'));
    acc.add(fragment(0, 'late-id', 'late_name', ':1}'));
    acc.add(fragment(0, 'other-id', 'other_name'));
    assert.deepEqual(summary(acc.complete('tool_calls')), [['ok', 'late-id', 'late_name', { a: 1 }]]);
  });

  it('empty arguments mean an empty object', () => {
    const acc = make();
    acc.add(fragment(0, 'c', 'get_editor_context', ''));
    assert.deepEqual(summary(acc.complete('tool_calls')), [['ok', 'c', 'get_editor_context', {}]]);
  });

  it('reports invalid JSON, a non-object and a missing name without running them', () => {
    const acc = make();
    acc.add(fragment(0, 'a', 'read_file', '{"path":'));
    acc.add(fragment(1, 'b', 'read_file', '["x"]'));
    acc.add(fragment(2, 'c', undefined, '{}'));
    assert.deepEqual(summary(acc.complete('tool_calls')), [
      ['broken', 'read_file', 'invalid-json'],
      ['broken', 'read_file', 'not-an-object'],
      ['broken', undefined, 'missing-name'],
    ]);
  });

  it('a stream cut before the finish reason reports pending calls as truncated', () => {
    const acc = make();
    acc.add(fragment(0, 'a', 'read_file', '{"path":"a"}'));
    assert.deepEqual(summary(acc.complete(undefined, true)), [['broken', 'read_file', 'truncated']]);
  });

  it('fragments without index: a new id starts a new call, no id continues the last', () => {
    const acc = make();
    acc.add(fragment(undefined, 'a', 'one', '{"x"'));
    acc.add(fragment(undefined, undefined, undefined, ':1}'));
    acc.add(fragment(undefined, 'b', 'two', '{}'));
    assert.deepEqual(summary(acc.complete('tool_calls')), [
      ['ok', 'a', 'one', { x: 1 }],
      ['ok', 'b', 'two', {}],
    ]);
  });

  it('completes in index order and generates missing ids', () => {
    const acc = make();
    acc.add(fragment(2, undefined, 'c', '{}'));
    acc.add(fragment(0, 'a', 'a', '{}'));
    assert.deepEqual(summary(acc.complete('stop')), [
      ['ok', 'a', 'a', {}],
      ['ok', 'gen-1', 'c', {}],
    ]);
  });
});
