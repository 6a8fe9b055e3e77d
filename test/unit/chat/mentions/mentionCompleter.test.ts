import assert from 'node:assert/strict';
import { MentionCompleter, foldersOf } from '../../../../src/core/chat/mentions/mentionCompleter';
import { FakeMentionPorts } from '../../../support/fakes/chat/mentions/fakeMentionPorts';

const workspace = (): FakeMentionPorts =>
  new FakeMentionPorts({
    files: ['src/hello.ts', 'src/util/strings.ts', 'README.md', '.env', 'certs/server.pem', 'secrets/.env.d/key.txt'],
    symbols: [
      { name: 'greet', kind: 'function', path: 'src/hello.ts', startLine: 1, endLine: 3 },
      { name: 'greetSecret', kind: 'function', path: '.env', startLine: 1, endLine: 1 },
    ],
    denyGlobs: ['**/.env*', '**/*.pem'],
  });

describe('mention completion', () => {
  it('offers the keywords, files and folders for a bare @, bounded', async () => {
    const items = await new MentionCompleter(workspace()).complete('@', '');
    assert.deepEqual(
      items.map((item) => `${item.kind}:${item.label}`),
      ['problems:problems', 'selection:selection', 'changes:changes', 'terminal:terminal', 'file:hello.ts', 'file:strings.ts', 'file:README.md', 'folder:src/', 'folder:util/'],
      'a folder holding only denied files is not offered either',
    );
    const many = new FakeMentionPorts({ files: Array.from({ length: 500 }, (_, index) => `f${index}.ts`) });
    assert.equal((await new MentionCompleter(many).complete('@', 'f')).length, 50);
  });

  it('never offers a file, folder or symbol a deny glob covers', async () => {
    const items = await new MentionCompleter(workspace()).complete('@', 'e');
    const offered = items.map((item) => item.detail ?? '');
    for (const denied of ['.env', 'certs/server.pem', 'secrets/.env.d', 'secrets/.env.d/key.txt']) assert.ok(!offered.includes(denied), denied);
    const symbols = await new MentionCompleter(workspace()).complete('@', 'greet');
    assert.deepEqual(symbols.filter((item) => item.kind === 'symbol').map((item) => item.label), ['greet']);
  });

  it('ranks what was typed: a keyword by name, a file by name before path, a symbol once two letters are typed', async () => {
    const ports = workspace();
    const completer = new MentionCompleter(ports);
    assert.equal((await completer.complete('@', 'prob'))[0]?.label, 'problems');
    assert.deepEqual((await completer.complete('@', 'hel')).map((item) => item.detail), ['src/hello.ts']);
    assert.deepEqual(ports.asked.findSymbols, ['prob', 'hel']);
    await completer.complete('@', 'g');
    assert.deepEqual(ports.asked.findSymbols, ['prob', 'hel'], 'one letter does not ask the symbol provider');
    const greet = await completer.complete('@', 'gr');
    assert.deepEqual(ports.asked.findSymbols, ['prob', 'hel', 'gr']);
    assert.deepEqual(greet.map((item) => [item.kind, item.label, item.detail]), [['symbol', 'greet', 'function in src/hello.ts:1']]);
  });

  it('remembers only the last reply: accepting names an item offered there', async () => {
    const completer = new MentionCompleter(workspace());
    const first = await completer.complete('@', 'hello');
    const hello = first.find((item) => item.kind === 'file');
    assert.ok(hello);
    assert.deepEqual(completer.target(hello.id), { kind: 'file', path: 'src/hello.ts' });
    const second = await completer.complete('@', 'problems');
    assert.equal(completer.target(hello.id), undefined, 'an item of an older list');
    assert.deepEqual(completer.target(second[0]?.id ?? ''), { kind: 'problems' });
    assert.equal(completer.target('made-up'), undefined);
  });

  it('lists the workspace at most once per 5 s, and reads the deny globs on every completion', async () => {
    const ports = workspace();
    const completer = new MentionCompleter(ports);
    await completer.complete('@', 'a');
    await completer.complete('@', 'ab');
    assert.equal(ports.asked.listFiles, 1);
    ports.time = 5_000;
    ports.files.push('src/new.ts');
    assert.deepEqual((await completer.complete('@', 'new.ts')).map((item) => item.detail), ['src/new.ts']);
    assert.equal(ports.asked.listFiles, 2);
    ports.deny = ['src/**'];
    assert.deepEqual((await completer.complete('@', 'new.ts')).map((item) => item.detail), [], 'a deny glob added since applies at once');
  });

  it('offers the slash commands and the prompt files for /, and says which prompt files could not be read', async () => {
    const ports = new FakeMentionPorts({
      promptFiles: [
        { path: '.github/prompts/review.prompt.md', text: '---\ndescription: Review my changes\n---\nReview the attached diff.' },
        { path: '.github/prompts/broken.prompt.md', text: '---\ndescription: never closed\nReview.' },
        { path: '.github/prompts/explain.prompt.md', text: 'My own explain.' },
      ],
    });
    const completer = new MentionCompleter(ports);
    const items = await completer.complete('/', '');
    assert.deepEqual(
      items.map((item) => `${item.label}: ${item.detail}`),
      [
        'new: Start a new chat',
        'compact: Summarise the conversation so far for the model',
        'plan: Plan mode: the model only reads, and answers with a plan to act on',
        'act: Act mode: the model may use every tool the settings offer',
        'explain: Explain the selected code',
        'fix: Fix the problems in the selected code',
        'tests: Write unit tests for the selected code',
        'review: Review my changes',
      ],
    );
    assert.deepEqual((await completer.complete('/', 'rev')).map((item) => item.label), ['review']);
    const { problems } = await completer.slashCommands();
    assert.deepEqual(problems, ['.github/prompts/broken.prompt.md: the front matter opened with "---" is never closed by another "---" line.']);
    assert.equal(ports.asked.readPromptFiles, 1, 'read once within 5 s');
  });

  it('lists each folder that holds a file once', () => {
    assert.deepEqual(foldersOf(['a/b/c.ts', 'a/d.ts', 'e.ts', 'a/b/f.ts']), ['a', 'a/b']);
  });
});
