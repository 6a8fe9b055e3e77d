// Ask Model's answers kept in the workspace state: an answer that was arriving when the editor died says so under what
// had arrived; the newest answers are kept within the caps; what does not read is skipped, not fatal.
import assert from 'node:assert/strict';
import { INTERRUPTED_ANSWER_NOTE, keptAnswersForm, MAX_KEPT_ANSWER_CHARACTERS, MAX_KEPT_ANSWERS, readKeptAnswers, type KeptAnswer } from '../../../src/core/ask/keptAnswers';

describe('kept Ask Model answers', () => {
  it('reads a finished answer as it was, and one still arriving with the interrupted note under its text', () => {
    const stored = keptAnswersForm([
      { path: '/1/Why.md', text: '# Why\n\nBecause.', arriving: false },
      { path: '/2/How.md', text: '# How\n\nFirst, ', arriving: true },
    ]);
    assert.deepEqual(readKeptAnswers(JSON.parse(JSON.stringify(stored))), [
      { path: '/1/Why.md', text: '# Why\n\nBecause.', arriving: false, interrupted: false },
      { path: '/2/How.md', text: `# How\n\nFirst, ${INTERRUPTED_ANSWER_NOTE}`, arriving: false, interrupted: true },
    ]);
  });

  it('keeps the newest answers, within the count and the size', () => {
    const many: KeptAnswer[] = Array.from({ length: MAX_KEPT_ANSWERS + 5 }, (_, index) => ({ path: `/${index + 1}/a.md`, text: 'x', arriving: false }));
    const kept = keptAnswersForm(many).answers;
    assert.equal(kept.length, MAX_KEPT_ANSWERS);
    assert.equal(kept[0]?.path, '/6/a.md');
    assert.equal(kept.at(-1)?.path, `/${MAX_KEPT_ANSWERS + 5}/a.md`);
    const big = 'y'.repeat(MAX_KEPT_ANSWER_CHARACTERS / 2 + 1);
    const bySize = keptAnswersForm([
      { path: '/1/a.md', text: big, arriving: false },
      { path: '/2/a.md', text: big, arriving: false },
    ]).answers;
    assert.deepEqual(
      bySize.map((answer) => answer.path),
      ['/2/a.md'],
    );
    assert.equal(keptAnswersForm([{ path: '/1/huge.md', text: 'z'.repeat(MAX_KEPT_ANSWER_CHARACTERS + 1), arriving: true }]).answers.length, 1, 'the newest is kept whatever its size');
  });

  it('skips what does not read, and reads nothing from a store that is not one', () => {
    assert.deepEqual(readKeptAnswers(undefined), []);
    assert.deepEqual(readKeptAnswers('garbage'), []);
    assert.deepEqual(readKeptAnswers({ answers: [{ path: '/1/a.md', text: 3, arriving: false }, { path: '/2/b.md', text: 'ok', arriving: false }] }), [{ path: '/2/b.md', text: 'ok', arriving: false, interrupted: false }]);
  });
});
