// The path corpus is refused by every tool that takes a path or a glob, in a real extension host (a real symbolic
// link out of the workspace included), and nothing outside the workspace or on the deny list is read or written.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { textTurn, toolCallsTurn } from '../support/referenceServer';
import { activateExtension, closeAllEditors, openWithSelection } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

const SECRET = 'secret-outside-the-workspace-4f2a';

describe('security: the path corpus against every tool', function () {
  this.timeout(60_000);
  const server = useReferenceServer({ model: 'security-model' });
  useSettings(() => ({ baseUrl: server().url, model: 'security-model', 'tools.autoApprove': ['replace_in_file', 'create_file'] }));
  let outside: string;
  let link: string;

  before(async () => {
    await activateExtension();
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder);
    link = path.join(folder, 'escape-link');
    fs.symlinkSync(outside, link);
  });
  after(async () => {
    fs.rmSync(link, { force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await openWithSelection('hello.ts', [2, 3]);
  });
  afterEach(closeAllEditors);

  const corpus = [
    '/etc/passwd',
    `${os.tmpdir()}/x`,
    '../outside.txt',
    'src/../../outside.txt',
    '..\\..\\outside.txt',
    '%2e%2e/%2e%2e/etc/passwd',
    '%252e%252e/etc/passwd',
    'file:///etc/passwd',
    '~/.ssh/id_rsa',
    'C:\\Windows\\win.ini',
    '\\\\server\\share\\x',
    'hello.ts\u0000.png',
    '.env',
    'config/.env.local',
    'keys/server.pem',
    'deploy/prod.key',
    'id_rsa',
    '.git/config',
    'escape-link/secret.txt',
  ];

  it('read_file, get_diagnostics, replace_in_file and create_file refuse every path of the corpus', async () => {
    const calls = corpus.flatMap((target, i) => [
      { name: 'read_file', arguments: JSON.stringify({ path: target }), id: `r${i}` },
      { name: 'get_diagnostics', arguments: JSON.stringify({ path: target }), id: `d${i}` },
      { name: 'replace_in_file', arguments: JSON.stringify({ path: target, old_text: 'a', new_text: 'b' }), id: `e${i}` },
      { name: 'create_file', arguments: JSON.stringify({ path: target, content: 'pwned' }), id: `c${i}` },
    ]);
    server().script(toolCallsTurn(calls), textTurn('done'));
    const result = await vscode.commands.executeCommand<{ status: string; calls?: Record<string, number> }>('askModel.editSelection', { instruction: 'probe' });
    assert.equal(result.status, 'done');
    const messages = (server().requests.at(-1)?.body as { messages: { role: string; tool_call_id?: string; content: string }[] }).messages;
    const results = new Map(messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, m.content]));
    corpus.forEach((target, i) => {
      for (const prefix of ['r', 'd', 'e', 'c']) {
        const content = results.get(`${prefix}${i}`) ?? '';
        assert.match(content, /refused|denyGlobs|inside the workspace|not |no file|invalid|Tools only/i, `${prefix} ${JSON.stringify(target)} → ${content}`);
        assert.ok(!content.includes(SECRET), `${prefix} ${JSON.stringify(target)} leaked the secret`);
      }
    });
    assert.equal(result.calls?.['done'] ?? 0, 0, `no call succeeded: ${JSON.stringify(result.calls)}`);
    assert.equal(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), SECRET, 'nothing outside was written');
    assert.deepEqual(fs.readdirSync(outside), ['secret.txt'], 'nothing was created outside');
  });

  it('list_files and search_text never show deny-listed files or what a link outside holds', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    fs.writeFileSync(path.join(folder, '.env'), `TOKEN=${SECRET}`);
    try {
      server().script(
        toolCallsTurn([
          { name: 'list_files', arguments: JSON.stringify({}), id: 'l1' },
          { name: 'list_files', arguments: JSON.stringify({ glob: '**/.env*' }), id: 'l2' },
          { name: 'list_files', arguments: JSON.stringify({ glob: '../**' }), id: 'l3' },
          // A pattern that finds the secret without containing it (the answer repeats the query).
          { name: 'search_text', arguments: JSON.stringify({ query: 'secret-outside-the-[w]orkspace', mode: 'regex' }), id: 's1' },
          { name: 'search_text', arguments: JSON.stringify({ query: 'TOKEN', mode: 'regex', glob: '**/.env' }), id: 's2' },
        ]),
        textTurn('done'),
      );
      await vscode.commands.executeCommand('askModel.editSelection', { instruction: 'probe lists' });
      const messages = (server().requests.at(-1)?.body as { messages: { role: string; tool_call_id?: string; content: string }[] }).messages;
      for (const message of messages.filter((m) => m.role === 'tool')) {
        assert.ok(!message.content.includes(SECRET), `${message.tool_call_id} leaked: ${message.content}`);
        assert.doesNotMatch(message.content, /(^|\n)\.env\b|secret\.txt/, `${message.tool_call_id} listed a denied file: ${message.content}`);
      }
    } finally {
      fs.rmSync(path.join(folder, '.env'), { force: true });
    }
  });
});
