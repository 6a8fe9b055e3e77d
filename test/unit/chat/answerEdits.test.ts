// What an answer's edits keep (first before-text, last after-text, bounded) and the revert planned from them: a file
// goes back only while it holds exactly what the answer left; anything else is named and left alone.
import assert from 'node:assert/strict';
import { ANSWER_EDIT_CHARACTERS, FILE_EDIT_CHARACTERS, recordFileEdit, type FileEdit } from '../../../src/core/chat/answerEdits';
import { describeRevert, planRevert } from '../../../src/core/chat/revertPlan';

const change = (path: string, before: string | null, after: string) => ({ path: `/ws/${path}`, relativePath: path, before, after });

describe('recordFileEdit', () => {
  it('keeps a file’s text before the first edit and after the last, in the order the answer touched the files', () => {
    let edits: FileEdit[] = [];
    edits = recordFileEdit(edits, change('a.ts', 'a0', 'a1'));
    edits = recordFileEdit(edits, change('b.ts', null, 'b1'));
    edits = recordFileEdit(edits, change('a.ts', 'a1', 'a2'));
    assert.deepEqual(edits, [
      { path: '/ws/a.ts', relativePath: 'a.ts', before: 'a0', after: 'a2', textsKept: true },
      { path: '/ws/b.ts', relativePath: 'b.ts', before: null, after: 'b1', textsKept: true },
    ]);
  });

  it('keeps a file too large for the bound by name only, and an answer within its total', () => {
    const big = 'x'.repeat(FILE_EDIT_CHARACTERS);
    const edits = recordFileEdit([], change('big.txt', big, `${big}!`));
    assert.deepEqual(edits, [{ path: '/ws/big.txt', relativePath: 'big.txt', before: '', after: '', textsKept: false }]);
    // A file once kept by name only stays so, even if a later edit is small.
    assert.equal(recordFileEdit(edits, change('big.txt', 'small', 'smaller'))[0]?.textsKept, false);

    const third = 'y'.repeat(Math.floor(FILE_EDIT_CHARACTERS / 2) - 10);
    let many: FileEdit[] = [];
    for (let file = 0; file < 6; file++) many = recordFileEdit(many, change(`f${file}.txt`, third, `${third}.`));
    const kept = many.filter((edit) => edit.textsKept);
    assert.ok(kept.length < 6 && kept.length > 0);
    assert.ok(kept.reduce((sum, edit) => sum + (edit.before?.length ?? 0) + edit.after.length, 0) <= ANSWER_EDIT_CHARACTERS);
  });
});

describe('planRevert', () => {
  const edits: FileEdit[] = [
    { path: '/ws/a.ts', relativePath: 'a.ts', before: 'a0', after: 'a1', textsKept: true },
    { path: '/ws/b.ts', relativePath: 'b.ts', before: 'b0', after: 'b1', textsKept: true },
    { path: '/ws/new.ts', relativePath: 'new.ts', before: null, after: 'n1', textsKept: true },
    { path: '/ws/gone.ts', relativePath: 'gone.ts', before: 'g0', after: 'g1', textsKept: true },
    { path: '/ws/big.ts', relativePath: 'big.ts', before: '', after: '', textsKept: false },
    { path: '/ws/undone.ts', relativePath: 'undone.ts', before: 'u0', after: 'u1', textsKept: true },
  ];
  const now: Record<string, string> = { '/ws/a.ts': 'a1', '/ws/b.ts': 'b1 and the user typed', '/ws/new.ts': 'n1', '/ws/big.ts': 'huge', '/ws/undone.ts': 'u0' };

  it('reverts the files that hold what the answer left, and names the others with why', () => {
    const plan = planRevert(edits, (path) => now[path]);
    assert.deepEqual(plan.steps, [
      { path: '/ws/a.ts', relativePath: 'a.ts', current: 'a1', target: 'a0' },
      { path: '/ws/new.ts', relativePath: 'new.ts', current: 'n1', target: null },
    ]);
    assert.deepEqual(plan.leftAlone, [
      { relativePath: 'b.ts', why: 'changed-since' },
      { relativePath: 'gone.ts', why: 'deleted-since' },
      { relativePath: 'big.ts', why: 'too-large' },
    ]);
    assert.deepEqual(plan.alreadyBack, ['undone.ts']);
    assert.equal(
      describeRevert(plan, ['new.ts']),
      'Reverted a.ts. Left alone: b.ts (changed since the answer), gone.ts (deleted since the answer), big.ts (too large for its earlier text to be kept). ' +
        'VS Code refused to change new.ts; nothing was changed there. Already as before the answer: undone.ts. Each file is one undo step.',
    );
  });

  it('after a revert, planning again finds every file already back', () => {
    const plan = planRevert(edits.slice(0, 1), () => 'a0');
    assert.deepEqual(plan, { steps: [], leftAlone: [], alreadyBack: ['a.ts'] });
    assert.equal(describeRevert(plan), 'Already as before the answer: a.ts.');
    // A created file that is gone again is back as it was.
    assert.deepEqual(planRevert(edits.slice(2, 3), () => undefined).alreadyBack, ['new.ts']);
  });
});
