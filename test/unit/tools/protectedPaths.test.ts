// The protected files: each record names why, and matching sees through the spellings that reach the same file.
import assert from 'node:assert/strict';
import { PROTECTED_PATHS, protectedPath } from '../../../src/core/tools/protectedPaths';

describe('protected paths', () => {
  it('each record says why', () => {
    for (const entry of PROTECTED_PATHS) assert.ok(entry.why.length > 15, entry.glob);
  });

  it('finds a protected file however it is spelled, and leaves the others', () => {
    assert.equal(protectedPath('.vscode/settings.json')?.glob, '**/.vscode/settings.json');
    assert.equal(protectedPath('a/b/../../.git/hooks/post-checkout')?.glob, '**/.git/**');
    assert.equal(protectedPath('folder\\.husky\\pre-push')?.glob, '**/.husky/**');
    assert.equal(protectedPath('.LEFTHOOK.yml')?.glob, '**/{.,}lefthook.{yml,yaml,json,toml}');
    assert.equal(protectedPath('.claude/settings.local.json')?.glob, '**/.claude/settings*.json');
    assert.equal(protectedPath('VSCODE~1/SETTIN~1.JSO')?.why.includes('short name'), true);
    assert.equal(protectedPath('HEAD~3', { shortNames: false }), undefined);
    for (const path of ['src/git/hooks.ts', 'vscode/settings.json', 'README.md', '', '.']) assert.equal(protectedPath(path), undefined, path);
  });
});
