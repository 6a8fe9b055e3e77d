// The card's note when a command will run what the model changed in this conversation.
import assert from 'node:assert/strict';
import { modelChangedNote } from '../../../../src/core/tools/commands/commandApproval';

describe('modelChangedNote', () => {
  it('a command that runs project code names every changed file', () => {
    assert.equal(modelChangedNote('npm test', ['package.json', './test/a.test.ts']), 'This command runs project code, and the model changed in this conversation: package.json, test/a.test.ts.');
    for (const line of ['npm run build', 'yarn test', 'pnpm test', 'node server.js', 'python3 manage.py test', 'pytest -x', 'make', 'cargo test', 'go test ./...', './run.sh', 'bash scripts/ci.sh', 'npx mocha', 'git status && npm test']) {
      assert.match(modelChangedNote(line, ['src/index.ts']) ?? '', /runs project code.*src\/index\.ts/, line);
    }
  });

  it('another command: only the changed files its words name', () => {
    assert.equal(modelChangedNote('cat src/a.ts README.md', ['src/a.ts', 'src/b.ts']), 'This command names files the model changed in this conversation: src/a.ts.');
    assert.equal(modelChangedNote('git diff -- src', ['src/a.ts', 'docs/x.md']), 'This command names files the model changed in this conversation: src/a.ts.');
    assert.equal(modelChangedNote('git status', ['src/a.ts']), undefined);
    assert.equal(modelChangedNote('ls', []), undefined);
    assert.equal(modelChangedNote('npm test', []), undefined);
  });

  it('caps the list, and reads a line the parser refuses as plain words', () => {
    const many = Array.from({ length: 8 }, (_, index) => `src/f${index}.ts`);
    assert.equal(modelChangedNote('npm test', many), 'This command runs project code, and the model changed in this conversation: src/f0.ts, src/f1.ts, src/f2.ts, src/f3.ts, src/f4.ts and 3 more.');
    assert.match(modelChangedNote('FOO=1 node $(echo x.js)', ['x.js']) ?? '', /runs project code.*x\.js/);
    assert.match(modelChangedNote('cat a.txt; echo $HOME', ['a.txt']) ?? '', /names files.*a\.txt/);
  });
});
