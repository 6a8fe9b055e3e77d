import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syncSampleWorkspace } from '../../support/demo/sampleWorkspaceCopy';

describe("npm start's copy of the sample workspace", () => {
  let root: string;
  let sample: string;
  let copy: string;
  const write = (dir: string, file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const read = (file: string): string => fs.readFileSync(path.join(copy, file), 'utf8');

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-copy-'));
    sample = path.join(root, 'sample');
    copy = path.join(root, 'demo-workspace');
    write(sample, 'README.md', 'old readme');
    write(sample, 'src/stats.ts', 'old stats');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('copies the whole sample on the first run, and reports nothing', () => {
    assert.deepEqual(syncSampleWorkspace(sample, copy), { updated: [], keptEdited: [] });
    assert.equal(read('README.md'), 'old readme');
    assert.equal(read('src/stats.ts'), 'old stats');
    assert.ok(!fs.readdirSync(copy).some((name) => name.includes('sample-copy')), 'the record lives beside the workspace, not in it');
  });

  it('brings a file the person left alone up to date, and keeps one they changed', () => {
    syncSampleWorkspace(sample, copy);
    write(copy, 'src/stats.ts', 'their accepted edit');
    write(sample, 'README.md', 'new readme');
    write(sample, 'src/stats.ts', 'new stats');
    write(sample, 'src/new.ts', 'a new file');
    assert.deepEqual(syncSampleWorkspace(sample, copy), { updated: ['README.md'], keptEdited: ['src/stats.ts'] });
    assert.equal(read('README.md'), 'new readme');
    assert.equal(read('src/stats.ts'), 'their accepted edit');
    assert.equal(read('src/new.ts'), 'a new file');
  });

  it('leaves a file the person deleted deleted', () => {
    syncSampleWorkspace(sample, copy);
    fs.rmSync(path.join(copy, 'README.md'));
    write(sample, 'README.md', 'new readme');
    syncSampleWorkspace(sample, copy);
    assert.ok(!fs.existsSync(path.join(copy, 'README.md')));
  });

  it('a copy made before the record existed: adds what is missing, keeps what differs (it cannot tell an edit from an old sample)', () => {
    write(copy, 'README.md', 'a readme of unknown origin');
    assert.deepEqual(syncSampleWorkspace(sample, copy), { updated: [], keptEdited: ['README.md'] });
    assert.equal(read('README.md'), 'a readme of unknown origin');
    assert.equal(read('src/stats.ts'), 'old stats');
  });
});
