// @-mentions and slash commands in a real extension host: the host half of the chat's message box (ChatInput)
// against VS Code's own workspace, diagnostics, git extension and terminals, with a chat session over the core's
// fake ports (its scripted model records the exact request). Completion honours the deny globs and files.exclude;
// each accepted mention becomes a chip holding exactly what is sent; /fix sends the selection and its problems.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { ChatSession } from '../../src/core/chat/chatSession';
import type { CompletionItem, HostMessage } from '../../src/core/chat/webviewProtocol';
import { fakeSessionPorts, type FakePorts } from '../support/fakes/chat/fakeChatSessionPorts';
import { ChatInput } from '../../src/host/features/chat/mentions/chatInput';
import { LastTextEditor } from '../../src/host/platform/editors/lastTextEditor';
import { activateExtension, closeAllEditors, openWithSelection, resetSettings, until } from './support/extensionFixture';

const encoder = new TextEncoder();
const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

interface GitApi {
  openRepository(root: vscode.Uri): Promise<unknown>;
  getRepository(uri: vscode.Uri): unknown;
}

describe('@-mentions and slash commands (host)', function () {
  this.timeout(60_000);
  const root = (): vscode.Uri => vscode.workspace.workspaceFolders![0]!.uri;
  const scratch = (): vscode.Uri => vscode.Uri.joinPath(root(), 'mentions-scratch');
  let ports: FakePorts;
  let session: ChatSession;
  let input: ChatInput;
  let editors: LastTextEditor;
  let log: vscode.LogOutputChannel;
  const posted: HostMessage[] = [];

  async function complete(trigger: '@' | '/', query: string): Promise<CompletionItem[]> {
    posted.length = 0;
    await input.complete(7, trigger, query);
    const answer = posted.find((message) => message.type === 'completionItems');
    assert.ok(answer && answer.type === 'completionItems' && answer.requestId === 7, 'answered by the question’s id');
    return answer.items;
  }

  async function attach(trigger: '@', query: string, pick: (item: CompletionItem) => boolean) {
    const item = (await complete(trigger, query)).find(pick);
    assert.ok(item, `offered for @${query}`);
    const before = session.state().pendingContext.length;
    await input.attachMention(item.id);
    const chips = session.state().pendingContext;
    assert.equal(chips.length, before + 1, `@${query} attached a chip`);
    return chips.at(-1)!;
  }

  before(async () => {
    await activateExtension();
    const write = (path: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(scratch(), path), encoder.encode(text));
    const writeAtRoot = (path: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root(), path), encoder.encode(text));
    await write('notes.md', '# Notes\nmention me\n');
    await write('.env.local', 'API_KEY=sk-never-sent\n');
    await write('build-output/generated.js', 'generated\n');
    await writeAtRoot('.github/prompts/shout.prompt.md', '---\ndescription: Say it loudly\nmode: ask\n---\nRepeat ${selection} in capitals.\n');
    await writeAtRoot('.github/prompts/broken.prompt.md', '---\nmode: chat\n---\nHi\n');
    await vscode.workspace.getConfiguration('files').update('exclude', { '**/build-output': true }, vscode.ConfigurationTarget.Workspace);
    log = vscode.window.createOutputChannel('Ask Model mentions test', { log: true });
    editors = new LastTextEditor();
  });
  after(async () => {
    await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Workspace);
    await resetSettings();
    await closeAllEditors();
    editors.dispose();
    log.dispose();
    await vscode.workspace.fs.delete(scratch(), { recursive: true, useTrash: false });
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), '.github', 'prompts'), { recursive: true, useTrash: false });
  });
  beforeEach(() => {
    ports = fakeSessionPorts({ tools: 'off' });
    session = new ChatSession(ports);
    input = new ChatInput({ session, editors, post: (message) => posted.push(message), log });
  });
  afterEach(() => input.dispose());

  it('offers files, folders and keywords, never a denied or excluded file; an accepted file is a chip with its exact text', async () => {
    const items = await complete('@', 'notes');
    assert.deepEqual(
      items.filter((item) => item.kind === 'file').map((item) => item.detail),
      ['mentions-scratch/notes.md'],
    );
    assert.deepEqual((await complete('@', '')).slice(0, 4).map((item) => item.kind), ['problems', 'selection', 'changes', 'terminal'], 'the keywords first');
    const all = await complete('@', 'e');
    for (const hidden of ['mentions-scratch/.env.local', 'mentions-scratch/build-output/generated.js', 'mentions-scratch/build-output']) {
      assert.ok(!all.some((item) => item.detail === hidden), `${hidden} is not offered`);
    }
    const chip = await attach('@', 'notes.md', (item) => item.kind === 'file');
    assert.deepEqual({ kind: chip.kind, label: chip.label, path: chip.path, text: chip.text }, { kind: 'file', label: 'notes.md', path: 'mentions-scratch/notes.md', text: '# Notes\nmention me\n' });
    const folder = await attach('@', 'mentions-scratch', (item) => item.kind === 'folder');
    assert.equal(folder.label, 'mentions-scratch/');
    assert.match(folder.text, /mentions-scratch\/notes\.md/);
    assert.doesNotMatch(folder.text, /\.env\.local|generated\.js/, 'a folder lists neither denied nor excluded files');
  });

  it("a symbol from VS Code's workspace symbol search attaches its lines", async () => {
    await openWithSelection('hello.ts');
    // TypeScript's server indexes the workspace after it starts: ask until it answers.
    const item = await until(async () => (await complete('@', 'hello')).find((candidate) => candidate.kind === 'symbol' && /^hello(\(\))?$/.test(candidate.label)), 'the symbol hello', 45_000);
    assert.equal(item.detail, 'function in hello.ts:2');
    await input.attachMention(item.id);
    const chip = session.state().pendingContext.at(-1);
    assert.deepEqual(
      chip && { kind: chip.kind, label: chip.label, languageId: chip.languageId, lines: [chip.startLine, chip.endLine], text: chip.text },
      { kind: 'symbol', label: `${item.label} (hello.ts:2-4)`, languageId: 'typescript', lines: [2, 4], text: 'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}' },
    );
  });

  it('@problems sends the diagnostics VS Code holds, in the compiler form', async () => {
    const collection = vscode.languages.createDiagnosticCollection('mentions-test');
    try {
      const notes = vscode.Uri.joinPath(scratch(), 'notes.md');
      collection.set(notes, [new vscode.Diagnostic(new vscode.Range(1, 0, 1, 7), 'mention is misspelt', vscode.DiagnosticSeverity.Warning)]);
      const chip = await attach('@', 'problems', (item) => item.kind === 'problems');
      assert.equal(chip.label, 'problems');
      assert.match(chip.text, /^mentions-scratch\/notes\.md:2:1: warning: mention is misspelt$/m);
    } finally {
      collection.dispose();
    }
  });

  it("@changes sends the repository's staged and unstaged diff, without the files the deny globs cover", async () => {
    const repo = vscode.Uri.joinPath(scratch(), 'repo');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(repo, 'greet.ts'), encoder.encode('export const greet = 1;\n'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(repo, '.env'), encoder.encode('SECRET=old\n'));
    git(repo.fsPath, 'init', '-q', '-b', 'main');
    git(repo.fsPath, 'add', '.');
    git(repo.fsPath, 'commit', '-q', '-m', 'start');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(repo, 'greet.ts'), encoder.encode('export const greet = 2;\n'));
    git(repo.fsPath, 'add', 'greet.ts');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(repo, 'greet.ts'), encoder.encode('export const greet = 3;\n'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(repo, '.env'), encoder.encode('SECRET=sk-new-never-sent\n'));
    const api = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(api, "VS Code's git extension is in this host");
    const gitApi = (api.isActive ? api.exports : await api.activate()).getAPI(1);
    await gitApi.openRepository(repo);
    await until(() => gitApi.getRepository(repo) ?? undefined, 'the git extension to open the repository');
    // The repository of the file the user works in.
    await vscode.window.showTextDocument(vscode.Uri.joinPath(repo, 'greet.ts'));
    const chip = await attach('@', 'changes', (item) => item.kind === 'changes');
    assert.equal(chip.languageId, 'diff');
    assert.match(chip.text, /^# Staged\n[\s\S]*-export const greet = 1;\n\+export const greet = 2;/m);
    assert.match(chip.text, /^# Not staged\n[\s\S]*-export const greet = 2;\n\+export const greet = 3;/m);
    assert.match(chip.text, /# Left out \(askModel\.tools\.denyGlobs\)\n\.env$/);
    assert.doesNotMatch(chip.text, /sk-new-never-sent|SECRET=/);
  });

  it('@terminal: the last command and its output where shell integration shares it, else says why', async () => {
    await vscode.commands.executeCommand('workbench.action.terminal.killAll');
    await until(() => (vscode.window.activeTerminal === undefined ? true : undefined), 'no terminal open');
    await attachesNothing();
    const terminal = vscode.window.createTerminal({ name: 'mentions-test' });
    terminal.show();
    await until(() => (vscode.window.activeTerminal === terminal ? true : undefined), 'the terminal to be active');
    const integrated = await new Promise<boolean>((resolve) => {
      if (terminal.shellIntegration) return resolve(true);
      const listener = vscode.window.onDidChangeTerminalShellIntegration((event) => event.terminal === terminal && (listener.dispose(), resolve(true)));
      setTimeout(() => (listener.dispose(), resolve(false)), 10_000);
    });
    if (integrated) {
      // VS Code passes on only what a command prints after the extension host hears it started, and `echo` can print
      // before that (the chip then says no output was passed on; the unit tier has that text). So the command prints
      // once the test has seen it start: the chat's listener, registered when the chat opened, has begun reading by
      // then, since VS Code calls listeners in the order they were added.
      const go = path.join(os.tmpdir(), `ask-model-mention-${process.pid}-${Date.now()}`);
      const started = new Promise<void>((resolve) => {
        const listener = vscode.window.onDidStartTerminalShellExecution((event) => {
          if (event.terminal !== terminal) return;
          listener.dispose();
          fs.writeFileSync(go, '');
          resolve();
        });
      });
      terminal.shellIntegration!.executeCommand(`until [ -e '${go}' ]; do sleep 0.05; done; echo mention-$((6*7))`);
      await started;
      const chip = await until(async () => {
        const items = await complete('@', 'terminal');
        const before = session.state().pendingContext.length;
        await input.attachMention(items[0]!.id);
        const chips = session.state().pendingContext;
        return chips.length > before && /\[exit code/.test(chips.at(-1)!.text) ? chips.at(-1) : undefined;
      }, 'the command’s end in the @terminal chip');
      fs.rmSync(go, { force: true });
      assert.match(chip.text, /^Terminal "mentions-test":\n\$ until .*; echo mention-\$\(\(6\*7\)\)\nmention-42\n\[exit code 0\]$/);
    } else {
      // VS Code shares no output without shell integration: nothing is attached (the user is told why).
      await attachesNothing();
    }
    terminal.dispose();

    async function attachesNothing(): Promise<void> {
      const item = (await complete('@', 'terminal')).find((candidate) => candidate.kind === 'terminal');
      assert.ok(item);
      const before = session.state().pendingContext.length;
      await input.attachMention(item.id);
      assert.equal(session.state().pendingContext.length, before, 'nothing attached');
    }
  });

  it('/fix sends its prompt with the selection and the problems inside it, then the user’s words', async () => {
    const collection = vscode.languages.createDiagnosticCollection('mentions-fix');
    try {
      const editor = await openWithSelection('hello.ts', [2, 4]);
      collection.set(editor.document.uri, [
        new vscode.Diagnostic(new vscode.Range(2, 9, 2, 15), 'Type mismatch', vscode.DiagnosticSeverity.Error),
        new vscode.Diagnostic(new vscode.Range(0, 0, 0, 5), 'outside the selection', vscode.DiagnosticSeverity.Error),
      ]);
      await input.send('/fix keep the signature');
      const user = session.state().turns[0];
      assert.ok(user && user.role === 'user');
      assert.match(user.text, /^Fix the problems in the attached code\.[\s\S]*\n\nkeep the signature$/);
      assert.deepEqual(user.context.map((chip) => [chip.kind, chip.label]), [['selection', 'hello.ts:2-4'], ['problems', 'problems (hello.ts:2-4)']]);
      const sent = String(ports.model.requests[0]?.messages.at(-1)?.content);
      assert.match(sent, /hello\.ts, lines 2–4:\n```typescript\nexport function hello/);
      assert.match(sent, /hello\.ts:3:10: error: Type mismatch/);
      assert.doesNotMatch(sent, /outside the selection/);
    } finally {
      collection.dispose();
    }
  });

  it('/new starts a new chat; a prompt file is a command; an unknown command is sent as typed', async () => {
    await input.send('plain question');
    const first = session.state().conversationId;
    await input.send('/new');
    assert.notEqual(session.state().conversationId, first);
    assert.deepEqual(session.state().turns, []);
    const commands = await complete('/', '');
    assert.deepEqual(commands.map((item) => item.label), ['new', 'compact', 'plan', 'act', 'explain', 'fix', 'tests', 'shout']);
    assert.equal(commands.at(-1)?.detail, 'Say it loudly');
    await openWithSelection('hello.ts', [2, 2]);
    await input.send('/shout');
    const shout = session.state().turns[0];
    assert.ok(shout?.role === 'user');
    assert.equal(shout.text, 'Repeat the attached selection in capitals.');
    assert.deepEqual(shout.context.map((chip) => chip.kind), ['selection']);
    await input.send('/nosuch thing');
    assert.equal(session.state().turns.filter((turn) => turn.role === 'user').at(-1)?.text, '/nosuch thing');
  });
});
