import assert from 'node:assert/strict';
import { appliesTo, applyToGlobs, readFrontMatter } from '../../../src/core/rules/applyTo';

describe('instructions front matter and applyTo', () => {
  it('reads the block and returns the text after it', () => {
    const { fields, body } = readFrontMatter('---\napplyTo: "src/**/*.ts,**/*.tsx"\ndescription: \'TypeScript\'\n---\nUse strict types.\n');
    assert.deepEqual(fields, { applyTo: 'src/**/*.ts,**/*.tsx', description: 'TypeScript' });
    assert.equal(body, 'Use strict types.\n');
  });

  it('takes a file without a block as all body', () => {
    assert.deepEqual(readFrontMatter('Just rules.\n---\nnot front matter\n---\n'), { fields: {}, body: 'Just rules.\n---\nnot front matter\n---\n' });
  });

  it('reads CRLF files', () => {
    assert.deepEqual(readFrontMatter('---\r\napplyTo: "**"\r\n---\r\nBody'), { fields: { applyTo: '**' }, body: 'Body' });
  });

  it('splits the globs at commas', () => {
    assert.deepEqual(applyToGlobs(' src/**/*.ts , "**/*.tsx",, '), ['src/**/*.ts', '**/*.tsx']);
    assert.deepEqual(applyToGlobs(undefined), []);
  });

  const cases: [globs: string[], files: string[], applies: boolean][] = [
    [['src/**/*.ts'], ['src/a/b.ts'], true],
    [['src/**/*.ts'], ['test/a.ts'], false],
    [['src/**/*.ts'], ['README.md', 'src/x.ts'], true], // any working file
    [['*.py'], ['tools/deep/run.py'], true], // a glob without `/` matches the name in any folder
    [['docs/*.md'], ['docs/guide/x.md'], false], // with a `/` it is matched as written
    [['**'], [], true], // every request, even about no file
    [['**/*'], [], true],
    [['**/*.ts'], [], false], // a file glob needs a file
    [[], ['src/a.ts'], false], // no applyTo: never by itself, as in VS Code
    [['{src,lib}/**/*.{ts,tsx}'], ['lib/view.tsx'], true],
  ];
  for (const [globs, files, applies] of cases) {
    it(`${JSON.stringify(globs)} ${applies ? 'applies' : 'does not apply'} to ${JSON.stringify(files)}`, () => {
      assert.equal(appliesTo(globs, files), applies);
    });
  }
});
