import assert from 'node:assert/strict';
import { discoverProjectRules } from '../../../src/core/rules/discoverProjectRules';
import { readProjectRulesSetting, type ProjectRulesSources } from '../../../src/core/rules/projectRulesSetting';
import { FakeRulesFileSystem } from '../../support/fakes/rules/fakeRulesFileSystem';

const ALL: ProjectRulesSources = readProjectRulesSetting(() => undefined);

async function discover(files: Record<string, string>, workingFiles: string[] = [], sources = ALL) {
  const fs = new FakeRulesFileSystem(files);
  const found = await discoverProjectRules({ sources, workingFiles, files: fs });
  return { paths: found.files.map((file) => file.path), found, fs };
}

describe('discoverProjectRules', () => {
  it('finds every kind, in the order of the setting', async () => {
    const { paths } = await discover({
      'AGENTS.md': 'agents',
      '.github/copilot-instructions.md': 'copilot',
      '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nts rules',
      'CLAUDE.md': 'claude',
      '.clinerules': 'cline',
      '.cursorrules': 'cursor',
      'src/a.ts': 'code',
    }, ['src/a.ts']);
    assert.deepEqual(paths, ['AGENTS.md', '.github/copilot-instructions.md', '.github/instructions/ts.instructions.md', 'CLAUDE.md', '.clinerules', '.cursorrules']);
  });

  it('adds the nearest AGENTS.md above each working file, shallower first, each once', async () => {
    const { paths, fs } = await discover(
      { 'AGENTS.md': 'root', 'packages/api/AGENTS.md': 'api', 'packages/AGENTS.md': 'packages', 'packages/web/src/AGENTS.md': 'web src' },
      ['packages/api/src/deep/server.ts', 'packages/web/src/view.ts', 'packages/api/x.ts', 'docs/readme.md'],
      { kinds: ['AGENTS.md'], paths: [] },
    );
    assert.deepEqual(paths, ['AGENTS.md', 'packages/api/AGENTS.md', 'packages/web/src/AGENTS.md']);
    // The nearest one wins: packages/AGENTS.md is above packages/api/AGENTS.md, so it was never read for server.ts.
    assert.ok(!fs.reads.includes('packages/AGENTS.md'));
  });

  it('takes an instructions file only where applyTo matches a working file, without its front matter', async () => {
    const files = {
      '.github/instructions/py.instructions.md': '---\napplyTo: "**/*.py"\n---\nPython rules',
      '.github/instructions/ts.instructions.md': '---\napplyTo: "src/**/*.ts"\n---\nTS rules',
      '.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nAlways',
      '.github/instructions/manual.instructions.md': 'No applyTo: attached by hand only',
      '.github/instructions/notes.md': '---\napplyTo: "**"\n---\nnot an instructions file',
    };
    const { found } = await discover(files, ['src/app.ts'], { kinds: ['.github/instructions'], paths: [] });
    assert.deepEqual(
      found.files.map(({ path, text }) => ({ path, text })),
      [
        { path: '.github/instructions/all.instructions.md', text: 'Always' },
        { path: '.github/instructions/ts.instructions.md', text: 'TS rules' },
      ],
    );
  });

  it('reads .clinerules as a folder of .md files by name', async () => {
    const { paths } = await discover({ '.clinerules/02-style.md': 'style', '.clinerules/01-tests.md': 'tests', '.clinerules/notes.txt': 'no' }, [], { kinds: ['.clinerules'], paths: [] });
    assert.deepEqual(paths, ['.clinerules/01-tests.md', '.clinerules/02-style.md']);
  });

  it('reads listed paths after the kinds, a file or a folder', async () => {
    const { paths } = await discover({ 'AGENTS.md': 'a', 'docs/ai.md': 'docs', 'rules/b.md': 'b', 'rules/a.md': 'a2' }, [], { kinds: ['AGENTS.md'], paths: ['docs/ai.md', 'rules', 'missing.md'] });
    assert.deepEqual(paths, ['AGENTS.md', 'docs/ai.md', 'rules/a.md', 'rules/b.md']);
  });

  it('sends a file with the same text as an earlier one once, and names it', async () => {
    const { paths, found } = await discover({ 'AGENTS.md': 'Use tabs.\n', 'CLAUDE.md': 'Use tabs.', '.cursorrules': '   \n' });
    assert.deepEqual(paths, ['AGENTS.md']);
    assert.deepEqual(found.duplicates, [{ path: 'CLAUDE.md', sameAs: 'AGENTS.md' }]);
  });

  it('reads nothing when the setting names nothing', async () => {
    const { paths, fs } = await discover({ 'AGENTS.md': 'a' }, ['src/a.ts'], { kinds: [], paths: [] });
    assert.deepEqual(paths, []);
    assert.deepEqual(fs.reads, []);
  });

  it('finds nothing in a folder without rules', async () => {
    assert.deepEqual((await discover({ 'src/a.ts': 'x' }, ['src/a.ts'])).paths, []);
  });
});
