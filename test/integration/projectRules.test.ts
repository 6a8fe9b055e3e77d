// Project rules in a real extension host: the workspace's AGENTS.md and .github/copilot-instructions.md (and the
// AGENTS.md nearest the file asked about) reach the reference server in the system message of Ask Model and Edit
// Selection, after the system prompt; askModel.projectRules chooses which, or none; a bad value stops the request
// with a sentence naming the setting.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

const RULES: Record<string, string> = {
  'AGENTS.md': '# Agents\n\nRun `npm test` before saying it works.\n',
  '.github/copilot-instructions.md': 'Prefer named exports.\n',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "rules-src/**/*.ts"\n---\nTypeScript only: no `any`.\n',
  'rules-src/AGENTS.md': 'In rules-src, keep functions pure.\n',
  'rules-src/tool.ts': 'export const tool = 1;\n',
};

interface AskResult {
  status: string;
  error?: { message: string };
}

const systemMessage = (server: ReferenceServer): string => {
  const body = server.requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.body as { messages: { role: string; content: string }[] } | undefined;
  assert.ok(body, 'a chat request reached the server');
  assert.equal(body.messages[0]?.role, 'system');
  return body.messages[0]?.content ?? '';
};

describe('project rules in a real extension host', function () {
  this.timeout(30_000);
  const server = useReferenceServer({ model: 'rules-model' });
  useSettings(() => ({ baseUrl: server().url, model: 'rules-model', systemPrompt: 'Be brief.' }));
  let folder: vscode.Uri;

  before(async () => {
    await activateExtension();
    const root = vscode.workspace.workspaceFolders?.[0];
    assert.ok(root, 'no workspace folder');
    folder = root.uri;
    for (const [path, text] of Object.entries(RULES)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, ...path.split('/')), new TextEncoder().encode(text));
  });
  after(async () => {
    // The other suites share this workspace: their system messages carry no rules.
    for (const path of ['AGENTS.md', '.github', 'rules-src']) await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, path), { recursive: true, useTrash: false });
  });
  afterEach(closeAllEditors);

  it('Ask Model sends AGENTS.md and copilot-instructions after the system prompt, each under its path', async () => {
    await openWithSelection('hello.ts', [1, 1]);
    server().script(textTurn('Ruled.'));
    const result = await vscode.commands.executeCommand<AskResult>('askModel.ask', { question: 'Any rules?' });
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    const system = systemMessage(server());
    assert.ok(system.startsWith('Be brief.\n\n# Project rules\n'), system);
    assert.ok(system.includes('\n## AGENTS.md\n\n# Agents\n\nRun `npm test` before saying it works.'), system);
    assert.ok(system.includes('\n## .github/copilot-instructions.md\n\nPrefer named exports.'), system);
    assert.ok(system.indexOf('## AGENTS.md') < system.indexOf('## .github/copilot-instructions.md'));
    // hello.ts is not under rules-src: neither its AGENTS.md nor the TypeScript instructions (applyTo rules-src/**) apply.
    assert.ok(!system.includes('rules-src/AGENTS.md') && !system.includes('no `any`'), system);
  });

  it('about a file under a folder with its own AGENTS.md, that one and the instructions whose applyTo matches go too', async () => {
    await openWithSelection('rules-src/tool.ts');
    server().script(textTurn('Ruled.'));
    const result = await vscode.commands.executeCommand<AskResult>('askModel.ask', { question: 'Nested?' });
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    const system = systemMessage(server());
    const headings = [...system.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(headings, ['AGENTS.md', 'rules-src/AGENTS.md', '.github/copilot-instructions.md', '.github/instructions/ts.instructions.md']);
    assert.ok(system.includes('TypeScript only: no `any`.') && !system.includes('applyTo'), 'the instructions without their front matter');
  });

  it('Edit Selection sends them too', async () => {
    await openWithSelection('hello.ts', [1, 1]);
    server().script(textTurn('Nothing to change.'));
    const result = await vscode.commands.executeCommand<{ status: string }>('askModel.editSelection', { instruction: 'Follow the rules' });
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.ok(systemMessage(server()).includes('## AGENTS.md\n\n# Agents'));
  });

  it('askModel.projectRules chooses which files, or none', async () => {
    await openWithSelection('hello.ts', [1, 1]);
    await configure({ projectRules: ['.github/copilot-instructions.md'] });
    server().script(textTurn('One.'), textTurn('None.'));
    assert.equal((await vscode.commands.executeCommand<AskResult>('askModel.ask', { question: 'Which?' })).status, 'done');
    let system = systemMessage(server());
    assert.ok(system.includes('## .github/copilot-instructions.md') && !system.includes('## AGENTS.md'), system);
    await configure({ projectRules: false });
    assert.equal((await vscode.commands.executeCommand<AskResult>('askModel.ask', { question: 'None?' })).status, 'done');
    system = systemMessage(server());
    assert.equal(system, 'Be brief.');
  });

  it('a path outside the workspace in the setting is an error naming it; nothing is sent', async () => {
    await openWithSelection('hello.ts', [1, 1]);
    await configure({ projectRules: ['../secrets.md'] });
    const result = await vscode.commands.executeCommand<AskResult>('askModel.ask', { question: 'Outside?' });
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', /askModel\.projectRules.*"\.\.\/secrets\.md".*climbs out/);
    assert.equal(server().requests.filter((request) => request.path.endsWith('/chat/completions')).length, 0);
  });
});
