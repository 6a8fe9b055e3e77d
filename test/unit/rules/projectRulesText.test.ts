import assert from 'node:assert/strict';
import { composeProjectRules, systemPromptWithRules } from '../../../src/core/rules/projectRulesText';
import { rulesChipsOf } from '../../../src/core/chat/rulesChips';

describe('composeProjectRules', () => {
  it('puts each file under a heading with its path, after a preamble', () => {
    const rules = composeProjectRules([
      { path: 'AGENTS.md', text: 'Run npm test.\n' },
      { path: '.github/copilot-instructions.md', text: 'Use tabs.' },
    ]);
    assert.equal(
      rules.text,
      "# Project rules\n\nThe workspace's own instructions for AI tools follow, each under its file's path. Follow them where they apply to the request.\n\n## AGENTS.md\n\nRun npm test.\n\n## .github/copilot-instructions.md\n\nUse tabs.",
    );
    assert.deepEqual(rules.files.map((file) => [file.path, file.characters, file.cutCharacters]), [['AGENTS.md', 13, 0], ['.github/copilot-instructions.md', 9, 0]]);
    assert.deepEqual(rules.notes, []);
  });

  it('is empty with no files', () => {
    assert.deepEqual(composeProjectRules([]), { files: [], text: '', notes: [] });
    assert.equal(systemPromptWithRules('Be brief.', composeProjectRules([])), 'Be brief.');
  });

  it('cuts a file longer than the cap per file and says so in the text and the notes', () => {
    const rules = composeProjectRules([{ path: 'AGENTS.md', text: 'x'.repeat(120) }], { perFile: 100, total: 1000 });
    assert.equal(rules.files[0]?.characters, 100);
    assert.equal(rules.files[0]?.cutCharacters, 20);
    assert.ok(rules.text.endsWith(`${'x'.repeat(100)}\n\n[20 more characters of this file were cut]`));
    assert.deepEqual(rules.notes, ['AGENTS.md: 20 of 120 characters cut (each file is capped at 100)']);
  });

  it('cuts the file that reaches the total cap and leaves out the ones after it, naming each', () => {
    const rules = composeProjectRules(
      [
        { path: 'AGENTS.md', text: 'a'.repeat(80) },
        { path: 'CLAUDE.md', text: 'b'.repeat(80) },
        { path: '.cursorrules', text: 'c'.repeat(5000) },
      ],
      { perFile: 100, total: 120 },
    );
    assert.deepEqual(rules.files.map((file) => [file.path, file.characters, file.cutCharacters]), [['AGENTS.md', 80, 0], ['CLAUDE.md', 40, 40]]);
    assert.deepEqual(rules.notes, [
      'CLAUDE.md: 40 of 80 characters cut (the project rules are capped at 120 in all)',
      '.cursorrules: left out (5,000 characters): the project rules already take 120 characters, their cap',
    ]);
    assert.ok(!rules.text.includes('ccc'));
  });

  it('names the invisible and reordering characters a file holds, in the notes and on its chip', () => {
    const rules = composeProjectRules([
      { path: 'AGENTS.md', text: 'Never run \u202Erm -rf\u202C without asking.\u200B' },
      { path: 'CLAUDE.md', text: 'Plain.' },
    ]);
    assert.deepEqual(rules.files[0]?.invisible.map(({ codePoint, count }) => [codePoint, count]), [['U+202E', 1], ['U+202C', 1], ['U+200B', 1]]);
    assert.deepEqual(rules.notes, ['AGENTS.md: holds 3 invisible or reordering characters: U+202E RIGHT-TO-LEFT OVERRIDE, U+202C POP DIRECTIONAL FORMATTING, U+200B ZERO WIDTH SPACE']);
    assert.deepEqual(rulesChipsOf(rules), [
      { path: 'AGENTS.md', warning: 'holds 3 invisible or reordering characters: U+202E RIGHT-TO-LEFT OVERRIDE, U+202C POP DIRECTIONAL FORMATTING, U+200B ZERO WIDTH SPACE' },
      { path: 'CLAUDE.md' },
    ]);
  });

  it('spells hidden tag text out', () => {
    const tags = [...'ok'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
    const rules = composeProjectRules([{ path: '.clinerules', text: `Fine${tags}` }]);
    assert.match(rules.notes[0] ?? '', /U\+E006F TAG "o", U\+E006B TAG "k"/);
  });

  it('warns on the chip of a cut file', () => {
    const rules = composeProjectRules([{ path: 'AGENTS.md', text: 'x'.repeat(1500) }], { perFile: 1000, total: 5000 });
    assert.deepEqual(rulesChipsOf(rules), [{ path: 'AGENTS.md', warning: '500 characters cut by the caps' }]);
  });

  it('goes after the system prompt', () => {
    const rules = composeProjectRules([{ path: 'AGENTS.md', text: 'Rule.' }]);
    assert.equal(systemPromptWithRules('  Be brief. ', rules), `Be brief.\n\n${rules.text}`);
    assert.equal(systemPromptWithRules('', rules), rules.text);
  });
});
