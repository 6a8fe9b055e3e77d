import assert from 'node:assert/strict';
import { checkWorkspaceGlob } from '../../../src/core/tools/workspaceGlob';

describe('checkWorkspaceGlob', () => {
  it('no glob means every file; ./ and backslashes are tidied', () => {
    assert.deepEqual(checkWorkspaceGlob(undefined), { ok: true, glob: '**/*' });
    assert.deepEqual(checkWorkspaceGlob('  '), { ok: true, glob: '**/*' });
    assert.deepEqual(checkWorkspaceGlob('./src/**/*.ts'), { ok: true, glob: 'src/**/*.ts' });
    assert.deepEqual(checkWorkspaceGlob('src\\**\\*.ts'), { ok: true, glob: 'src/**/*.ts' });
    assert.deepEqual(checkWorkspaceGlob('**/*.{ts,tsx}'), { ok: true, glob: '**/*.{ts,tsx}' });
    assert.deepEqual(checkWorkspaceGlob('docs/..draft/*.md'), { ok: true, glob: 'docs/..draft/*.md' });
  });

  it('refuses globs that reach outside the workspace', () => {
    for (const glob of ['/etc/**', 'C:/Users/**', '\\\\server\\share\\**', '~/**', '../**', 'src/../../**', '{..,src}/**', 'file:///etc/*', 'a\u0000b']) {
      const result = checkWorkspaceGlob(glob);
      assert.equal(result.ok, false, glob);
      assert.match(result.ok ? '' : result.message, /^Refused: the glob ".*" .+\. Give a glob relative to the workspace folder, e\.g\. "src\/\*\*\/\*\.ts"\.$/s, glob);
    }
  });
});
