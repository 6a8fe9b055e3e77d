// Write Commit Message inside a real extension host with VS Code's own git extension: a real repository made in a
// temporary folder (two commits, a staged change and an unstaged one), opened through the git API as the Source
// Control view opens one; the command streams the reference server's answer into the repository's input box, cleaned.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { faultTurn, textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, configure, until } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface CommitMessageResult {
  status: 'done' | 'stopped' | 'error' | 'cancelled';
  message?: string;
  source?: 'staged' | 'working-tree';
  repository?: string;
  leftOut?: string[];
  cut?: string[];
  error?: { message: string; actions: string[] };
}

/** What this test uses of the git extension's API (version 1). */
interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly inputBox: { value: string };
}
interface GitApi {
  openRepository(root: vscode.Uri): Promise<GitRepository | null>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}

const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
const write = (): Thenable<CommitMessageResult> => vscode.commands.executeCommand<CommitMessageResult>('askModel.writeCommitMessage', { rootUri: repository.rootUri });
const userMessage = (server: ReferenceServer): string => String((server.requests.at(-1)?.body as { messages: { content: string }[] }).messages[1]?.content);

let repository: GitRepository;

describe('Write Commit Message in a real extension host', function () {
  this.timeout(60_000);
  const server = useReferenceServer({ model: 'commit-model' });
  useSettings(() => ({ baseUrl: server().url, model: 'chat-model', commitModel: 'commit-model' }));
  let dir: string;

  before(async () => {
    await activateExtension();
    const gitExtension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(gitExtension, "VS Code's git extension is in this host");
    const api = (await gitExtension.activate()).getAPI(1);
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-commit-')));
    git(dir, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(dir, 'greet.ts'), "export const greet = () => 'hello';\n");
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'feat: add the greeting');
    fs.writeFileSync(path.join(dir, 'greet.ts'), "export const greet = (name: string) => `hello ${name}`;\n");
    git(dir, 'commit', '-q', '-am', 'fix(greet): greet by name\n\nA body the style hint leaves out.');
    const opened = await api.openRepository(vscode.Uri.file(dir));
    repository = opened ?? (await until(() => api.getRepository(vscode.Uri.file(dir)) ?? undefined, 'the git extension to open the repository'));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    repository.inputBox.value = '';
  });

  it('streams the message for the staged change into the input box, with commitModel and the recent subjects', async () => {
    fs.writeFileSync(path.join(dir, 'greet.ts'), "export const greet = (name: string) => `Hello, ${name}!`;\n");
    git(dir, 'add', 'greet.ts');
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n\nAn unstaged line.\n');
    const answer = '```\nfeat(greet): say hello with a capital and a bang\n\nThe greeting reads as a sentence now.\n```';
    server().script(faultTurn({ type: 'slowDrip', delayMs: 15 }, textTurn(answer, { chunks: 12 })));

    // The server holds the partial answer for 600 ms before it breaks off: the box, sampled, shows it meanwhile (with
    // no pause, a busy machine's sampling missed it).
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(repository.inputBox.value), 3);
    const result = await write();
    clearInterval(watch);

    const message = 'feat(greet): say hello with a capital and a bang\n\nThe greeting reads as a sentence now.';
    assert.equal(result.status, 'done', result.error?.message);
    assert.deepEqual([result.message, result.source, result.repository], [message, 'staged', dir]);
    assert.equal(repository.inputBox.value, message);
    const partial = [...seen].filter((value) => value !== '' && value !== message);
    assert.ok(partial.length >= 2 && partial.every((value) => message.startsWith(value)), `the box grew as the answer streamed: ${JSON.stringify([...seen])}`);
    assert.ok(![...seen].some((value) => value.includes('`')), 'the fence never reached the box');

    const body = server().requests.at(-1)?.body as { model: string; tools?: unknown; metadata?: { generation_name?: string } };
    assert.equal(body.model, 'commit-model');
    assert.equal(body.tools, undefined);
    assert.equal(body.metadata?.generation_name, 'commit-message');
    const sent = userMessage(server());
    assert.ok(sent.includes('+export const greet = (name: string) => `Hello, ${name}!`;'), sent);
    assert.ok(!sent.includes('An unstaged line'), 'the unstaged change is not sent when something is staged');
    assert.ok(sent.includes('- fix(greet): greet by name\n- feat: add the greeting'), sent);
    assert.ok(!sent.includes('A body the style hint leaves out'));
    git(dir, 'commit', '-q', '-m', message);
  });

  it('writes from the working tree when nothing is staged, with the chat model when commitModel is empty', async () => {
    await configure({ model: 'commit-model', commitModel: '' });
    server().script(textTurn('"docs: add a line to the notes"'));
    const result = await write();
    assert.equal(result.status, 'done', result.error?.message);
    assert.equal(result.source, 'working-tree');
    assert.equal(repository.inputBox.value, 'docs: add a line to the notes');
    assert.ok(userMessage(server()).includes('changes in the working tree (nothing is staged)') && userMessage(server()).includes('+An unstaged line.'));
    assert.equal((server().requests.at(-1)?.body as { model: string }).model, 'commit-model');
  });

  it('an answer that breaks off mid-stream gives the box back as it was and says what failed', async () => {
    repository.inputBox.value = 'my own draft';
    server().script(faultTurn({ type: 'resetMidStream', afterChunks: 4, afterMs: 600 }, textTurn('feat: a message that never finishes arriving here', { chunks: 12 })));
    // The server holds the partial answer for 600 ms before it breaks off: the box, sampled, shows it meanwhile (with
    // no pause, a busy machine's sampling missed it).
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(repository.inputBox.value), 3);
    const result = await write();
    clearInterval(watch);
    assert.equal(result.status, 'error');
    assert.ok(result.error && result.error.message.length > 0, 'the error is said');
    assert.ok([...seen].some((value) => value.startsWith('feat: a')), `part of the answer showed first: ${JSON.stringify([...seen])}`);
    assert.equal(repository.inputBox.value, 'my own draft');
  });
});
