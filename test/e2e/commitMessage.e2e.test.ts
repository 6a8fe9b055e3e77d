// Write Commit Message as a person uses it: a git repository open in the workbench with a staged change, the sparkle
// button in the Source Control view's title bar, and the message streaming into the commit input box, cleaned of the
// fence the model put around it; the answer's line and the day's spend in our log, as every surface leaves them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { askModelLogLines } from '../support/e2e/askModelLog';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { runCommand } from '../support/e2e/workbenchUi';
import { faultTurn, textTurn } from '../support/referenceServer';

const MODEL = 'e2e-commit-model';
const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

describe('Write Commit Message in the workbench (e2e)', function () {
  let repository = '';
  before(() => {
    // The workbench opens a copy of this folder, .git included: two commits for the style hint and a staged change.
    repository = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-e2e-repo-'));
    git(repository, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(repository, 'hello.ts'), "export function hello(name: string): string {\n  return 'Hello, ' + name;\n}\n");
    git(repository, 'add', '.');
    git(repository, 'commit', '-q', '-m', 'feat: add hello');
    fs.writeFileSync(path.join(repository, 'README.md'), '# Hello\n');
    git(repository, 'add', '.');
    git(repository, 'commit', '-q', '-m', 'docs: add a readme');
    fs.writeFileSync(path.join(repository, 'hello.ts'), 'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}\n');
    git(repository, 'add', 'hello.ts');
  });
  after(() => fs.rmSync(repository, { recursive: true, force: true }));

  const server = useReferenceServer({ model: MODEL });
  // The e2e settings turn git off (nothing else needs it); this file needs VS Code's git extension on.
  const workbench = useWorkbench(() => ({ workspace: repository, settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'git.enabled': true } }));

  it('the sparkle button in the Source Control title bar streams the message into the input box', async () => {
    const { page, session } = workbench;
    const message = 'feat(hello): greet with a template string and a bang\n\nThe greeting reads as a sentence.';
    server().script(faultTurn({ type: 'slowDrip', delayMs: 120 }, textTurn(`\`\`\`\n${message}\n\`\`\``, { chunks: 12 })));

    await runCommand(page, 'Source Control: Focus on Changes View');
    const view = page.locator('.scm-view');
    await view.locator('.monaco-list-row', { hasText: 'hello.ts' }).first().waitFor({ timeout: 30_000 });
    const button = page.locator('.part.sidebar .action-label[aria-label="Write Commit Message"]');
    await button.waitFor({ timeout: 15_000 });
    await button.click();

    // The box wraps long lines on screen: its text is compared with the spaces and line ends run together.
    const inputBox = view.locator('.scm-editor .view-lines');
    const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();
    const seen = new Set<string>();
    await until(async () => {
      seen.add(flat((await inputBox.locator('.view-line').allInnerTexts()).join('\n')));
      return seen.has(flat(message));
    }, 'the whole message in the input box', 30_000);
    const partial = [...seen].filter((text) => text !== '' && text !== flat(message));
    assert.ok(partial.length > 0 && partial.every((text) => flat(message).startsWith(text)), `the box filled as the answer streamed: ${JSON.stringify([...seen])}`);
    assert.ok(![...seen].some((text) => text.includes('`')), 'the fence never showed');

    const sent = server().requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.body as { model: string; messages: { content: string }[] };
    assert.equal(sent.model, MODEL);
    assert.match(sent.messages[1]?.content ?? '', /- docs: add a readme\n- feat: add hello\n\nWrite the commit message for the staged changes:\n```diff\ndiff --git a\/hello\.ts b\/hello\.ts/);

    const userData = session.server.userDataDir;
    await until(async () => askModelLogLines(userData, /commit-message \(profile Default\): answered by /).length === 1, 'the answer line in the log');
    await until(async () => askModelLogLines(userData, /spent on \d{4}-\d{2}-\d{2}: .* over 1 answer\(s\)/).length === 1, "the day's spend in the log");

    await screenshot(page, 'scm-commit-message');
  });
});
