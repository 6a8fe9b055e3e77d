// The checkpoints on a workspace in memory: what a turn's edits and commands capture (and what they leave unread),
// what Restore to here writes, the files it asks about or names, its one redo, and a reload in between.
import assert from 'node:assert/strict';
import { CheckpointRecorder, type ConflictDecision } from '../../../../src/core/chat/checkpoints/checkpointRecorder';
import { describeRestore } from '../../../../src/core/chat/checkpoints/restorePlan';
import { ChatSession } from '../../../../src/core/chat/chatSession';
import { fakeSessionPorts, textAnswer, toolCallAnswer } from '../../../support/fakes/chat/fakeChatSessionPorts';
import { FakeWorkspace, ROOT } from '../../../support/fakes/chat/checkpoints/fakeCheckpointPorts';

const never = async (paths: string[]): Promise<ConflictDecision> => {
  throw new Error(`asked about ${paths.join(', ')}`);
};

/** A command: runs `change` on the workspace, with the watcher told the paths it names. */
function command(workspace: FakeWorkspace, touched: string[], names: string[], change: () => void): () => Promise<string> {
  return async () => {
    change();
    touched.push(...names.map((name) => workspace.abs(name)));
    return 'exit 0';
  };
}

describe('checkpoints: edit tools', () => {
  it('keeps a file’s content before the turn’s first write only, and restore puts it back (a created file is deleted)', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0', 'other.ts': 'x' });
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports);
    await recorder.begin('c1', 'u1');
    workspace.put('a.ts', 'a1');
    await recorder.edited({ path: workspace.abs('a.ts'), relativePath: 'a.ts', before: 'a0', after: 'a1' });
    workspace.put('a.ts', 'a2');
    await recorder.edited({ path: workspace.abs('a.ts'), relativePath: 'a.ts', before: 'a1', after: 'a2' });
    workspace.put('new.ts', 'n1');
    await recorder.edited({ path: workspace.abs('new.ts'), relativePath: 'new.ts', before: null, after: 'n1' });
    recorder.end();

    const [checkpoint] = await recorder.of('c1');
    assert.deepEqual(
      checkpoint?.files.map((file) => [file.relativePath, file.before.kind, file.by]),
      [
        ['a.ts', 'copied', 'edit'],
        ['new.ts', 'absent', 'edit'],
      ],
    );
    assert.equal([...ports.blobs.stored.values()].length, 1, 'one copy: a.ts as it was before the first write');
    assert.deepEqual(workspace.diskReads, [], 'an edit’s capture reads nothing: the tool already had the text');

    const outcome = await recorder.restore('c1', ['u1'], never);
    assert.deepEqual(outcome.restored, ['a.ts', 'new.ts']);
    assert.equal(workspace.text('a.ts'), 'a0');
    assert.equal(workspace.text('new.ts'), undefined);
    assert.equal(workspace.text('other.ts'), 'x');
    assert.deepEqual(await recorder.of('c1'), [], 'the restored message’s checkpoint goes with it');
  });

  it('restoring to an earlier message goes back to the earliest state across every later turn', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0' });
    const recorder = new CheckpointRecorder(workspace.ports());
    for (const [turn, before, after] of [
      ['u1', 'a0', 'a1'],
      ['u2', 'a1', 'a2'],
    ] as const) {
      await recorder.begin('c1', turn);
      workspace.put('a.ts', after);
      await recorder.edited({ path: workspace.abs('a.ts'), relativePath: 'a.ts', before, after });
      recorder.end();
    }
    await recorder.restore('c1', ['u2'], never);
    assert.equal(workspace.text('a.ts'), 'a1', 'to the second message: as the first answer left it');
    await recorder.redo('c1', never);
    assert.equal(workspace.text('a.ts'), 'a2');
    await recorder.restore('c1', ['u1', 'u2'], never);
    assert.equal(workspace.text('a.ts'), 'a0');
  });
});

describe('checkpoints: a command in a git repository', () => {
  function repository(): FakeWorkspace {
    const files: Record<string, string> = { 'src/a.ts': 'a0', 'src/b.ts': 'b0', 'src/gone.ts': 'g0', 'src/old.ts': 'o0' };
    for (let index = 0; index < 500; index++) files[`clean/f${index}.ts`] = `clean ${index}`;
    const workspace = new FakeWorkspace(files, { git: true });
    workspace.put('src/b.ts', 'b-dirty'); // changed by the user before the command, not committed
    workspace.put('notes.txt', 'untracked'); // untracked before the command
    workspace.ignoredPatterns = [/^build\//];
    workspace.put('build/out.js', 'out0');
    return workspace;
  }

  it('copies only the dirty and untracked files before, looks up HEAD only for what changed, and restores each kind of change', async () => {
    const workspace = repository();
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports);
    await recorder.begin('c1', 'u1');
    const result = await recorder.aroundCommand(
      ROOT,
      command(workspace, ports.touched, ['src/a.ts', 'src/b.ts', 'created.txt', 'src/gone.ts', 'src/old.ts', 'src/new.ts', 'notes.txt', 'build/out.js'], () => {
        workspace.put('src/a.ts', 'a-sed'); // sed -i on a clean file
        workspace.put('src/b.ts', 'b-sed'); // sed -i on a dirty file
        workspace.put('created.txt', 'new'); // touch
        workspace.remove('src/gone.ts'); // rm
        workspace.remove('src/old.ts'); // mv src/old.ts src/new.ts
        workspace.put('src/new.ts', 'o0');
        workspace.remove('notes.txt'); // rm of an untracked file
        workspace.put('build/out.js', 'out1'); // an ignored file
      }),
    );
    assert.equal(result, 'exit 0', 'the command’s own result comes back');
    recorder.end();

    assert.equal(workspace.gitCalls.status, 2, 'one status before, one after');
    assert.deepEqual(workspace.gitCalls.blobLookups.sort(), ['created.txt', 'src/a.ts', 'src/gone.ts', 'src/new.ts', 'src/old.ts']);
    const read = new Set(workspace.diskReads);
    assert.equal([...read].some((path) => path.includes('/clean/')), false, 'no clean file is read');
    const [checkpoint] = await recorder.of('c1');
    const kinds = Object.fromEntries(checkpoint?.files.map((file) => [file.relativePath, file.before.kind]) ?? []);
    assert.deepEqual(kinds, { 'src/b.ts': 'copied', 'notes.txt': 'copied', 'src/a.ts': 'git', 'src/gone.ts': 'git', 'src/old.ts': 'git', 'src/new.ts': 'absent', 'created.txt': 'absent', 'build/out.js': 'lost' });

    const outcome = await recorder.restore('c1', ['u1'], never);
    assert.equal(workspace.text('src/a.ts'), 'a0');
    assert.equal(workspace.text('src/b.ts'), 'b-dirty', 'the user’s uncommitted change is what comes back, not HEAD');
    assert.equal(workspace.text('created.txt'), undefined);
    assert.equal(workspace.text('src/gone.ts'), 'g0');
    assert.equal(workspace.text('src/old.ts'), 'o0');
    assert.equal(workspace.text('src/new.ts'), undefined);
    assert.equal(workspace.text('notes.txt'), 'untracked');
    assert.equal(workspace.text('build/out.js'), 'out1', 'an ignored file is left as it is');
    assert.deepEqual(outcome.lost, [{ relativePath: 'build/out.js', why: 'git ignores it, so its earlier content was not kept' }]);
    assert.match(describeRestore(outcome), /Not brought back: build\/out\.js \(git ignores it/);
  });

  it('a command that changes nothing records nothing', async () => {
    const workspace = repository();
    const recorder = new CheckpointRecorder(workspace.ports());
    await recorder.begin('c1', 'u1');
    await recorder.aroundCommand(ROOT, async () => 0);
    assert.deepEqual((await recorder.of('c1'))[0]?.files, []);
  });

  it('outside a chat turn a command just runs', async () => {
    const workspace = repository();
    const recorder = new CheckpointRecorder(workspace.ports());
    assert.equal(await recorder.aroundCommand(ROOT, async () => 'ran'), 'ran');
    assert.equal(workspace.gitCalls.status, 0);
  });

  it('a file larger than the copy limit is named as lost, not guessed', async () => {
    const workspace = repository();
    workspace.put('big.log', 'x'.repeat(100));
    const recorder = new CheckpointRecorder(workspace.ports(), { limits: { fileBytes: 50, commandBytes: 1_000, listedFiles: 1_000 } });
    await recorder.begin('c1', 'u1');
    await recorder.aroundCommand(ROOT, async () => workspace.put('big.log', 'y'));
    const outcome = await recorder.restore('c1', ['u1'], never);
    assert.deepEqual(outcome.lost.map((file) => file.relativePath), ['big.log']);
    assert.match(outcome.lost[0]?.why ?? '', /larger than/);
    assert.equal(workspace.text('big.log'), 'y');
  });
});

describe('checkpoints: a command in a folder without git', () => {
  it('copies the files up to the bound, restores changed, created and deleted files, and names what lay beyond the bound', async () => {
    const workspace = new FakeWorkspace({ 'a.txt': 'a0', 'b.txt': 'b0', 'c.txt': 'c0', 'z.txt': 'z0' });
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports, { limits: { fileBytes: 1_000, commandBytes: 1_000, listedFiles: 3 } });
    await recorder.begin('c1', 'u1');
    await recorder.aroundCommand(
      ROOT,
      command(workspace, ports.touched, ['z.txt'], () => {
        workspace.put('a.txt', 'a1');
        workspace.remove('b.txt');
        workspace.put('z.txt', 'z1'); // beyond the first three files listed
      }),
    );
    const outcome = await recorder.restore('c1', ['u1'], never);
    assert.equal(workspace.text('a.txt'), 'a0');
    assert.equal(workspace.text('b.txt'), 'b0');
    assert.equal(workspace.text('z.txt'), 'z1');
    assert.deepEqual(outcome.lost.map((file) => file.relativePath), ['z.txt']);
    assert.match(outcome.lost[0]?.why ?? '', /not a git repository and has more than 3 files/);
  });

  it('a file the command created is deleted on restore when the listing was complete', async () => {
    const workspace = new FakeWorkspace({ 'a.txt': 'a0' });
    const recorder = new CheckpointRecorder(workspace.ports());
    await recorder.begin('c1', 'u1');
    await recorder.aroundCommand(ROOT, async () => workspace.put('made.txt', 'new'));
    await recorder.restore('c1', ['u1'], never);
    assert.equal(workspace.text('made.txt'), undefined);
    assert.equal(workspace.text('a.txt'), 'a0');
  });
});

describe('checkpoints: what a restore asks about and names', () => {
  async function editedTurn(workspace: FakeWorkspace, recorder: CheckpointRecorder, names: string[]): Promise<void> {
    await recorder.begin('c1', 'u1');
    for (const name of names) {
      const before = workspace.text(name) ?? null;
      workspace.put(name, `${name} by the model`);
      await recorder.edited({ path: workspace.abs(name), relativePath: name, before, after: `${name} by the model` });
    }
    recorder.end();
  }

  for (const [decision, expected] of [
    ['keep', 'mine'],
    ['restore', 'm0'],
  ] as const) {
    it(`a file changed by hand since is asked about, and "${decision}" ${decision === 'keep' ? 'keeps the user’s text' : 'restores it'}`, async () => {
      const workspace = new FakeWorkspace({ 'm.ts': 'm0', 'n.ts': 'n0' });
      const recorder = new CheckpointRecorder(workspace.ports());
      await editedTurn(workspace, recorder, ['m.ts', 'n.ts']);
      workspace.put('m.ts', 'mine');
      const asked: string[][] = [];
      const outcome = await recorder.restore('c1', ['u1'], async (paths) => {
        asked.push(paths);
        return decision;
      });
      assert.deepEqual(asked, [['m.ts']]);
      assert.equal(workspace.text('m.ts'), expected);
      assert.equal(workspace.text('n.ts'), 'n0');
      if (decision === 'keep') assert.match(describeRestore(outcome), /^Restored n\.ts\. Kept your changes to m\.ts\./);
    });
  }

  it('cancel restores nothing and keeps the checkpoint', async () => {
    const workspace = new FakeWorkspace({ 'm.ts': 'm0', 'n.ts': 'n0' });
    const recorder = new CheckpointRecorder(workspace.ports());
    await editedTurn(workspace, recorder, ['m.ts', 'n.ts']);
    workspace.buffers.set(workspace.abs('m.ts'), 'typed, unsaved');
    const outcome = await recorder.restore('c1', ['u1'], async () => 'cancel');
    assert.equal(outcome.done, false);
    assert.equal(workspace.text('n.ts'), 'n.ts by the model');
    assert.equal(workspace.text('m.ts'), 'typed, unsaved');
    assert.equal((await recorder.of('c1')).length, 1);
  });

  it('an open file with unsaved text the model left is restored through its buffer, and redo brings that text back', async () => {
    const workspace = new FakeWorkspace({ 'open.ts': 'o0' });
    const recorder = new CheckpointRecorder(workspace.ports());
    await recorder.begin('c1', 'u1');
    workspace.buffers.set(workspace.abs('open.ts'), 'o1 unsaved');
    await recorder.edited({ path: workspace.abs('open.ts'), relativePath: 'open.ts', before: 'o0', after: 'o1 unsaved' });
    await recorder.restore('c1', ['u1'], never);
    assert.deepEqual(workspace.writes.at(-1), { path: workspace.abs('open.ts'), text: 'o0', throughBuffer: true });
    await recorder.redo('c1', never);
    assert.equal(workspace.text('open.ts'), 'o1 unsaved');
    assert.equal(recorder.canRedo('c1'), false, 'one step of redo');
  });

  it('read-only and outside-workspace files are named and left as they are', async () => {
    const workspace = new FakeWorkspace({ 'ro.ts': 'r0', 'ok.ts': 'k0' });
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports);
    await editedTurn(workspace, recorder, ['ro.ts', 'ok.ts']);
    await recorder.begin('c1', 'u1');
    await recorder.edited({ path: '/elsewhere/x.ts', relativePath: '/elsewhere/x.ts', before: 'x0', after: 'x1' });
    workspace.disk.set('/elsewhere/x.ts', new TextEncoder().encode('x1'));
    workspace.readOnly.add(workspace.abs('ro.ts'));
    const outcome = await recorder.restore('c1', ['u1'], never);
    assert.deepEqual(outcome.restored, ['ok.ts']);
    assert.deepEqual(outcome.failed, [
      { relativePath: 'ro.ts', why: 'read-only' },
      { relativePath: '/elsewhere/x.ts', why: 'outside the workspace' },
    ]);
    assert.equal(workspace.text('ro.ts'), 'ro.ts by the model');
  });

  it('redo asks before overwriting what the user changed after the restore', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0' });
    const recorder = new CheckpointRecorder(workspace.ports());
    await editedTurn(workspace, recorder, ['a.ts']);
    await recorder.restore('c1', ['u1'], never);
    workspace.put('a.ts', 'typed after the restore');
    const asked: string[][] = [];
    const outcome = await recorder.redo('c1', async (paths) => {
      asked.push(paths);
      return 'keep';
    });
    assert.deepEqual(asked, [['a.ts']]);
    assert.deepEqual(outcome?.keptMine, ['a.ts']);
    assert.equal(workspace.text('a.ts'), 'typed after the restore');
  });
});

describe('checkpoints: stored', () => {
  it('survive a reload: a new recorder on the same archive and store restores what the first one captured', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0' });
    const first = workspace.ports();
    const recorder = new CheckpointRecorder(first);
    await recorder.begin('c1', 'u1');
    workspace.put('a.ts', 'a1');
    await recorder.edited({ path: workspace.abs('a.ts'), relativePath: 'a.ts', before: 'a0', after: 'a1' });
    await recorder.settled(); // the record's write is not waited for by the edit; a reload comes after it
    const reloaded = new CheckpointRecorder({ ...workspace.ports(), archive: first.archive, blobs: first.blobs });
    const outcome = await reloaded.restore('c1', ['u1'], never);
    assert.deepEqual(outcome.restored, ['a.ts']);
    assert.equal(workspace.text('a.ts'), 'a0');
  });

  it('over the budget, the oldest checkpoints lose their copies first and a restore to them names the files', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a'.repeat(60), 'b.ts': 'b'.repeat(60) });
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports, { budgetBytes: 100 });
    for (const [turn, name] of [
      ['u1', 'a.ts'],
      ['u2', 'b.ts'],
    ] as const) {
      await recorder.begin('c1', turn);
      const before = workspace.text(name) ?? '';
      workspace.put(name, 'changed');
      await recorder.edited({ path: workspace.abs(name), relativePath: name, before, after: 'changed' });
      recorder.end();
    }
    await recorder.settled();
    assert.equal(ports.blobs.stored.size, 1, 'the pruned copy is deleted from the store');
    const outcome = await recorder.restore('c1', ['u1', 'u2'], never);
    assert.deepEqual(outcome.restored, ['b.ts']);
    assert.deepEqual(outcome.lost.map((file) => file.relativePath), ['a.ts']);
    assert.match(outcome.lost[0]?.why ?? '', /pruned/);
  });

  it('a deleted conversation’s checkpoints and their content go', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0' });
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports);
    await recorder.begin('c1', 'u1');
    await recorder.edited({ path: workspace.abs('a.ts'), relativePath: 'a.ts', before: 'a0', after: 'a1' });
    await recorder.forget('c1');
    assert.deepEqual(ports.archive.saved, []);
    assert.equal(ports.blobs.stored.size, 0);
  });
});

describe('chat session: Restore to here', () => {
  it('takes the conversation back to just before the message, puts its text and chips back in the box, restores the files, and redo puts it all back', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0' });
    const recorder = new CheckpointRecorder(workspace.ports());
    const ports = fakeSessionPorts({
      answers: [textAnswer('Hello.'), toolCallAnswer(['e1', 'replace_in_file', '{"path":"a.ts","old_text":"a0","new_text":"a1"}']), textAnswer('Changed a.')],
      tools: { needsApproval: () => false, maxRounds: 3 },
      runTool: async () => {
        workspace.put('a.ts', 'a1');
        return { status: 'done', content: 'ok', fileChange: { path: workspace.abs('a.ts'), relativePath: 'a.ts', before: 'a0', after: 'a1' } };
      },
    });
    const session = new ChatSession({ ...ports, checkpoints: recorder });
    await session.send('hi');
    await session.send('change a');
    const second = session.state().turns[2];
    assert.equal(second?.role, 'user');
    assert.equal(workspace.text('a.ts'), 'a1');

    const outcome = await session.restoreTo(second?.id ?? '', never);
    assert.deepEqual(outcome?.restored, ['a.ts']);
    assert.equal(workspace.text('a.ts'), 'a0');
    assert.deepEqual(session.state().turns.map((turn) => turn.role), ['user', 'assistant']);
    assert.equal(session.state().redoRestore, true);
    assert.deepEqual(ports.posted.at(-1), { type: 'setInput', text: 'change a' });
    assert.equal(ports.archive.list()[0]?.turns.length, 2, 'stored as restored');

    await session.redoRestore(never);
    assert.equal(workspace.text('a.ts'), 'a1');
    assert.equal(session.state().turns.length, 4);
    assert.equal(session.state().redoRestore, undefined);
    assert.deepEqual(ports.posted.at(-1), { type: 'setInput', text: '', onlyIf: 'change a' });
  });
});

describe('checkpoints: the history’s conversations', () => {
  it('retain drops the checkpoints (and content) of conversations the history no longer holds', async () => {
    const workspace = new FakeWorkspace({ 'a.ts': 'a0', 'b.ts': 'b0' });
    const ports = workspace.ports();
    const recorder = new CheckpointRecorder(ports);
    for (const [conversation, name] of [
      ['kept', 'a.ts'],
      ['gone', 'b.ts'],
    ] as const) {
      await recorder.begin(conversation, 'u1');
      await recorder.edited({ path: workspace.abs(name), relativePath: name, before: `${name[0]}0`, after: 'changed' });
      recorder.end();
    }
    await recorder.retain(new Set(['kept']));
    assert.deepEqual(
      ports.archive.saved.map((checkpoint) => checkpoint.conversationId),
      ['kept'],
    );
    assert.equal(ports.blobs.stored.size, 1);
  });
});
