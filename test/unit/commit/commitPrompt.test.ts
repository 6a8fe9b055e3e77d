// The commit message request: the system message, the recent subjects as the style hint, the diff fenced so its own
// backticks cannot close the fence, and the files cut or left out named to the model and to the user.
import assert from 'node:assert/strict';
import { buildCommitPrompt, COMMIT_SYSTEM_PROMPT, diffCapNote, STYLE_HINT_SUBJECTS, styleHintSubjects } from '../../../src/core/commit/commitPrompt';
import { NoChangesError } from '../../../src/core/commit/commitErrors';

const DIFF = 'diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-Hello\n+Hello, world\n';

function userText(prompt: ReturnType<typeof buildCommitPrompt>): string {
  const user = prompt.messages[1];
  assert.equal(user?.role, 'user');
  return typeof user.content === 'string' ? user.content : assert.fail('the user message is text');
}

describe('commit prompt', () => {
  it('sends the system message and the staged diff in a fence', () => {
    const prompt = buildCommitPrompt({ diff: DIFF, source: 'staged', recentMessages: [] });
    assert.deepEqual(prompt.messages[0], { role: 'system', content: COMMIT_SYSTEM_PROMPT });
    assert.match(COMMIT_SYSTEM_PROMPT, /commit message only: no preamble, no code fence/);
    const text = userText(prompt);
    assert.equal(text, `Write the commit message for the staged changes:\n\`\`\`diff\n${DIFF}\`\`\``);
    assert.deepEqual([prompt.leftOut, prompt.cut], [[], []]);
    assert.equal(diffCapNote(prompt), undefined);
  });

  it('says when the diff is the working tree because nothing is staged', () => {
    assert.match(userText(buildCommitPrompt({ diff: DIFF, source: 'working-tree', recentMessages: [] })), /^Write the commit message for the changes in the working tree \(nothing is staged\):/);
  });

  it('fences a diff holding backticks with a longer fence', () => {
    const diff = DIFF.replace('+Hello, world', '+```ts\n+code\n+```');
    const text = userText(buildCommitPrompt({ diff, source: 'staged', recentMessages: [] }));
    assert.ok(text.includes(`\`\`\`\`diff\n${diff}\`\`\`\``));
  });

  it('shows the recent subjects, first lines only, without merges, as the style to follow', () => {
    const recent = ['feat(view): add the rules chip\n\nA body that is not shown.', 'Merge branch main into topic', '', 'fix: keep the key out of logs'];
    const text = userText(buildCommitPrompt({ diff: DIFF, source: 'staged', recentMessages: recent }));
    assert.ok(text.startsWith("The repository's recent commit subjects, newest first (follow their style):\n- feat(view): add the rules chip\n- fix: keep the key out of logs\n\nWrite the commit message"));
    assert.ok(!text.includes('A body that is not shown'));
  });

  it('caps the style hint in number and length', () => {
    const many = Array.from({ length: 30 }, (_, index) => `subject ${index} ${'y'.repeat(200)}`);
    const subjects = styleHintSubjects(many);
    assert.equal(subjects.length, STYLE_HINT_SUBJECTS);
    assert.ok(subjects.every((subject) => subject.length === 121 && subject.endsWith('…')));
    assert.equal(subjects[0]?.slice(0, 10), 'subject 0 ');
  });

  it('names the files left out and cut, to the model and to the user', () => {
    const file = (path: string, lines: number) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -0,0 +1 @@\n${'+line of text\n'.repeat(lines)}`;
    const diff = file('src/kept.ts', 5) + file('src/long.ts', 100) + file('package-lock.json', 200);
    const prompt = buildCommitPrompt({ diff, source: 'staged', recentMessages: [], limits: { maxFileCharacters: 600, maxTotalCharacters: 1000 } });
    assert.deepEqual(prompt.cut, ['src/long.ts']);
    assert.deepEqual(prompt.leftOut, ['package-lock.json']);
    const text = userText(prompt);
    assert.ok(text.includes("These files' diffs were too long and are shown only in part: src/long.ts."));
    assert.ok(text.includes('These files changed too, but their diffs were left out for length (mention them by name only if they matter): package-lock.json.'));
    assert.ok(!text.includes('+++ b/package-lock.json'), 'the left-out diff is not sent');
    assert.equal(diffCapNote(prompt), 'Commit message written without the diff of package-lock.json (the diff was too long to send whole), and from part of the diff of src/long.ts. Check it covers those files.');
  });

  it('lists five files left out by name and counts the rest', () => {
    const note = diffCapNote({ leftOut: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], cut: [] });
    assert.equal(note, 'Commit message written without the diff of a, b, c, d, e and 2 more (the diff was too long to send whole). Check it covers those files.');
  });

  it('refuses an empty diff with an error that says what to do', () => {
    assert.throws(
      () => buildCommitPrompt({ diff: ' \n', source: 'working-tree', recentMessages: ['x'] }),
      (error: unknown) => error instanceof NoChangesError && /change a file or stage a change first/.test(error.message),
    );
  });
});
