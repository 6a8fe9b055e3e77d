// The checkpoints' host adapter in a real extension host: files changed through the editor (as the edit tools change
// them) and by a real child process wrapped in aroundCommand (sed -i, touch, rm, mv) in a git repository and in a
// folder without git, brought back by a restore and put forward again by redo; a file the user changed by hand since
// is asked about and kept. The chat's own wiring (a message, its Restore to here) is the e2e tier's
// (restoreToHere.e2e.test.ts); the planner's cases are the unit tier's.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { CheckpointRecorder, ConflictDecision } from '../../src/core';
import { createCheckpointRecorder } from '../../src/host/platform/checkpoints/checkpoints';
import type { Log } from '../../src/host/platform/log/log';
import { closeAllEditors } from './support/extensionFixture';

const run = promisify(execFile);

class MemoryMemento implements vscode.Memento {
  private values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? structuredClone(this.values.get(key) as T) : fallback;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, structuredClone(value));
  }
}

describe('checkpoints on VS Code: edits and real commands restored', function () {
  this.timeout(30_000);
  const workspace = (): string => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const errors: string[] = [];
  const log = { error: (line: string) => errors.push(line), warn: (line: string) => errors.push(line), info: () => undefined } as unknown as Log;
  let storage: string;
  let state: MemoryMemento;
  let scratch: string;

  function recorder(): CheckpointRecorder {
    return createCheckpointRecorder({ workspaceState: state, storageUri: vscode.Uri.file(storage), globalStorageUri: vscode.Uri.file(storage) }, log);
  }
  const file = (name: string): string => path.join(scratch, name);
  const read = (name: string): string | undefined => (fs.existsSync(file(name)) ? fs.readFileSync(file(name), 'utf8') : undefined);
  const shell = (script: string) => () => run('sh', ['-c', script], { cwd: scratch });
  const never = async (paths: string[]): Promise<ConflictDecision> => {
    throw new Error(`asked about ${paths.join(', ')}`);
  };

  beforeEach(() => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-checkpoints-'));
    state = new MemoryMemento();
    scratch = fs.mkdtempSync(path.join(workspace(), 'checkpoints-scratch-'));
    errors.length = 0;
  });
  afterEach(async () => {
    await closeAllEditors();
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(storage, { recursive: true, force: true });
    assert.deepEqual(errors, [], 'nothing failed on the way');
  });

  async function gitRepository(files: Record<string, string>): Promise<void> {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(file(name), text);
    await run('git', ['init', '-q'], { cwd: scratch });
    await run('git', ['add', '.'], { cwd: scratch });
    await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'start'], { cwd: scratch });
  }

  it('a real command in a git repository: changed, created, deleted and renamed files go back, redo puts them forward, and a reload keeps the checkpoint', async () => {
    await gitRepository({ 'a.txt': 'a0\n', 'gone.txt': 'g0\n', 'old.txt': 'o0\n', 'dirty.txt': 'd0\n' });
    fs.writeFileSync(file('dirty.txt'), 'd0 typed before\n'); // uncommitted before the command
    fs.writeFileSync(file('.gitignore'), 'build/\n');
    const checkpoints = recorder();
    await checkpoints.begin('c1', 'u1');
    const result = await checkpoints.aroundCommand(scratch, shell("sed -i 's/a0/a1/' a.txt && echo more >> dirty.txt && touch new.txt && rm gone.txt && mv old.txt moved.txt"));
    assert.equal(result.stderr, '');
    checkpoints.end();
    assert.equal(read('a.txt'), 'a1\n');

    // A reload: a new recorder on the same stored records and content.
    const outcome = await recorder().restore('c1', ['u1'], never);
    assert.deepEqual([...outcome.restored].sort(), ['a.txt', 'dirty.txt', 'gone.txt', 'moved.txt', 'new.txt', 'old.txt'].map((name) => `${path.basename(scratch)}/${name}`));
    assert.equal(read('a.txt'), 'a0\n');
    assert.equal(read('dirty.txt'), 'd0 typed before\n');
    assert.equal(read('new.txt'), undefined);
    assert.equal(read('gone.txt'), 'g0\n');
    assert.equal(read('old.txt'), 'o0\n');
    assert.equal(read('moved.txt'), undefined);
  });

  it('redo puts the command’s files back as they were right before the restore', async () => {
    await gitRepository({ 'a.txt': 'a0\n' });
    const checkpoints = recorder();
    await checkpoints.begin('c1', 'u1');
    await checkpoints.aroundCommand(scratch, shell("sed -i 's/a0/a1/' a.txt && echo n > new.txt"));
    await checkpoints.restore('c1', ['u1'], never);
    assert.equal(read('a.txt'), 'a0\n');
    assert.equal(read('new.txt'), undefined);
    await checkpoints.redo('c1', never);
    assert.equal(read('a.txt'), 'a1\n');
    assert.equal(read('new.txt'), 'n\n');
  });

  it('a folder without git: a real command’s changes are restored from the copies taken before it', async () => {
    fs.writeFileSync(file('a.txt'), 'a0\n');
    fs.writeFileSync(file('gone.txt'), 'g0\n');
    const checkpoints = recorder();
    await checkpoints.begin('c1', 'u1');
    await checkpoints.aroundCommand(scratch, shell("sed -i 's/a0/a1/' a.txt && rm gone.txt && touch made.txt"));
    const outcome = await checkpoints.restore('c1', ['u1'], never);
    assert.equal(outcome.restored.length, 3, JSON.stringify(outcome));
    assert.equal(read('a.txt'), 'a0\n');
    assert.equal(read('gone.txt'), 'g0\n');
    assert.equal(read('made.txt'), undefined);
  });

  it('a file changed through the editor goes back through its buffer (one undo brings the model’s text again); a hand edit since is asked about and kept', async () => {
    fs.writeFileSync(file('edited.ts'), 'model will change this\n');
    fs.writeFileSync(file('handled.ts'), 'h0\n');
    const checkpoints = recorder();
    await checkpoints.begin('c1', 'u1');
    // As the edit tools do: a WorkspaceEdit to the open document, left unsaved, and the change recorded.
    for (const [name, before, after] of [
      ['edited.ts', 'model will change this\n', 'the model changed this\n'],
      ['handled.ts', 'h0\n', 'h1\n'],
    ] as const) {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file(name)));
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), after);
      assert.ok(await vscode.workspace.applyEdit(edit));
      await checkpoints.edited({ path: file(name), relativePath: name, before, after });
    }
    // The user types in handled.ts afterwards (unsaved).
    const handled = await vscode.workspace.openTextDocument(vscode.Uri.file(file('handled.ts')));
    const typing = new vscode.WorkspaceEdit();
    typing.insert(handled.uri, handled.positionAt(handled.getText().length), 'mine\n');
    assert.ok(await vscode.workspace.applyEdit(typing));

    const asked: string[][] = [];
    const outcome = await checkpoints.restore('c1', ['u1'], async (paths) => {
      asked.push(paths);
      return 'keep';
    });
    assert.deepEqual(asked, [['handled.ts']]);
    assert.deepEqual(outcome.keptMine, ['handled.ts']);
    const edited = await vscode.workspace.openTextDocument(vscode.Uri.file(file('edited.ts')));
    assert.equal(edited.getText(), 'model will change this\n');
    assert.equal(handled.getText(), 'h1\nmine\n', 'the user’s unsaved text is kept');

    await vscode.window.showTextDocument(edited);
    await vscode.commands.executeCommand('undo');
    assert.equal(edited.getText(), 'the model changed this\n', 'the restore was one undo step');
  });
});
