// Nothing lost when the editor dies, in the real workbench: the window reloads, or the extension host is killed, while
// an answer streams (the reference server stalls mid-answer and holds the socket). The chat reopens on the user's
// message and the partial answer, marked interrupted, with Retry; after an accepted edit the edit's card is still
// there; an Ask Model answer opens again with what arrived (VS Code does not restore a virtual document's tab).
// Saving ahead is at most SAVE_AHEAD_INTERVAL_MS behind, so each test waits a little longer than that before the
// window dies.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { SAVE_AHEAD_INTERVAL_MS } from '../../src/core/chat/saveAhead';
import { answerText, assistantMessages, button, lastFinishedAnswer, openChat, sendMessage, userMessages } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile, runCommand, waitForQuickInputTitled, waitForWorkbenchReady } from '../support/e2e/workbenchUi';
import { faultTurn, textTurn, toolCallsTurn } from '../support/referenceServer';

const MODEL = 'crash-model';
const STALLED = 'The first part arrived. The second part arrived. Then the window went away before the rest.';
const ASK_STALLED = 'Ask first part arrived. Ask second part arrived. Then the window went away before the rest.';
const OLD = '  return `Hello, ${name}!`;';
const NEW = '  return `Hello there, ${name}!`;';

/** The answer streams its first pieces, then the server holds the socket open without another byte. */
const stalledAnswer = (text = STALLED) => faultTurn({ type: 'stall', afterChunks: 3 }, textTurn(text, { chunks: 9 }));

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The extension hosts code-server forked (in its process group), by their command lines. */
function extensionHostPids(processGroup: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 5 (after the command in parentheses, which may hold spaces) is the process group.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== processGroup) continue;
      const commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (commandLine.includes('extensionHost')) pids.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

describe('Nothing lost when the editor dies (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0 },
    // Opening the chat activates the extension, at start and after each reload (the Ask Model test waits for the
    // answer it reopens, which activation does).
    waitForActivation: false,
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => server().reset());

  /** Sends `message`, waits for the first words of the stalled answer and for them to be saved ahead. */
  async function sendUntilStalled(message: string): Promise<void> {
    await sendMessage(chat.view, message);
    await until(async () => (await answerText(assistantMessages(chat.view).last())).includes('The first part'), 'the first words of the answer');
    await pause(SAVE_AHEAD_INTERVAL_MS + 1_500);
  }

  /** After the window came back: the chat shows the message once and the partial answer, interrupted, with Retry. */
  async function expectInterrupted(message: string): Promise<void> {
    await openChat(workbench.page);
    const answer = assistantMessages(chat.view).last();
    await answer.getByText(/^Interrupted: the window closed or the extension host stopped/).waitFor({ timeout: 30_000 });
    assert.equal(await userMessages(chat.view).filter({ hasText: message }).count(), 1, 'the user message is there, once');
    assert.match(await answerText(answer), /^The first part/, 'what arrived is kept');
    assert.doesNotMatch(await answerText(answer), /before the rest/, 'nothing after the stall was invented');
    await button(answer, 'Retry').waitFor();
  }

  async function retryAnswers(): Promise<void> {
    server().script(textTurn('The whole answer, this time.'));
    await button(assistantMessages(chat.view).last(), 'Retry').click();
    // Retry replaces the interrupted answer in place: until the host's first post, the last answer is still the old
    // one, and finished; so wait for the new answer's words, then for the end.
    await until(async () => (await answerText(assistantMessages(chat.view).last())).includes('The whole answer, this time.'), 'the retried answer', 30_000);
    await lastFinishedAnswer(chat.view, 30_000);
    const sent = server().requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.body as { messages: { role: string; content: string }[] };
    assert.doesNotMatch(JSON.stringify(sent.messages), /The first part arrived/, 'the interrupted text is not sent back as the model’s own');
  }

  it('a window reload while a chat answer and an Ask Model answer stream: both are kept, interrupted; the answer opens again beside the code; Retry answers', async function () {
    // One reload for both surfaces: each reload costs a workbench load.
    this.timeout(150_000);
    const { page } = workbench;
    server().script(stalledAnswer(), stalledAnswer(ASK_STALLED));
    await sendMessage(chat.view, 'Tell me a long story.');
    await until(async () => (await answerText(assistantMessages(chat.view).last())).includes('The first part'), 'the first words of the chat answer');
    await openFile(page, 'hello.ts');
    await runCommand(page, 'Ask Model: Ask Model');
    // The question's own box, not the closing Command Palette's (the same text box, for a moment).
    const question = await waitForQuickInputTitled(page, 'Ask Model');
    await question.fill('Why does this greet?');
    await question.press('Enter');
    await editorGroupWithTab(page, 'Why does this greet').locator('.view-line', { hasText: 'Ask first' }).waitFor({ timeout: 30_000 });
    await pause(SAVE_AHEAD_INTERVAL_MS + 1_500);
    await workbench.session.reload();

    await expectInterrupted('Tell me a long story.');
    await screenshot(page, 'chat-interrupted-after-reload');
    const restored = editorGroupWithTab(page, 'Why does this greet');
    await restored.locator('.view-line', { hasText: 'interrupted' }).waitFor({ timeout: 30_000 });
    const text = await editorText(restored);
    assert.match(text, /\*\*Why does this greet\?\*\*/);
    assert.match(text, /Ask first part/);
    assert.doesNotMatch(text, /before the rest/, 'nothing after the stall was invented');
    assert.match(text, /_\(interrupted: the window closed or the extension host stopped while this answer was arriving/);
    await screenshot(page, 'ask-model-answer-interrupted');
    await retryAnswers();
  });

  it('a window reload mid-tool-loop, after an accepted edit: the edit’s card is kept with the partial answer', async function () {
    this.timeout(120_000);
    const { page } = workbench;
    await openFile(page, 'hello.ts');
    await openChat(page);
    server().script(
      toolCallsTurn([{ name: 'replace_in_file', arguments: JSON.stringify({ path: 'hello.ts', old_text: OLD, new_text: NEW }), id: 'c_crash_edit' }]),
      stalledAnswer(),
    );
    await sendMessage(chat.view, 'Make the greeting warmer, then explain.');
    await button(chat.view, 'Accept').click({ timeout: 30_000 });
    await until(async () => (await answerText(assistantMessages(chat.view).last())).includes('The first part'), 'the next round’s first words');
    await pause(SAVE_AHEAD_INTERVAL_MS + 1_500);
    // The accepted edit is in the editor, unsaved: keep it on disk for the check below, and reload only once it is
    // there. A reload while the save is under way is vetoed by the workbench (a dirty editor whose backup is pending).
    await runCommand(page, 'File: Save All Files');
    await until(async () => fs.readFileSync(`${workbench.session.workspaceDir}/hello.ts`, 'utf8').includes('Hello there'), 'the edit is saved');
    await page.locator('.tab.dirty').first().waitFor({ state: 'detached' });
    await workbench.session.reload();
    await expectInterrupted('Make the greeting warmer, then explain.');
    const card = assistantMessages(chat.view).last().locator('.tool-card[data-call-id="c_crash_edit"]');
    assert.equal(await card.getAttribute('data-status'), 'done', 'the accepted edit is recorded as done');
    await screenshot(page, 'chat-interrupted-after-edit');
    assert.match(fs.readFileSync(`${workbench.session.workspaceDir}/hello.ts`, 'utf8'), /Hello there/, 'the edit is still in the file');
    await retryAnswers();
  });

  it('the extension host killed mid-stream: after it restarts, the chat holds the message and the partial answer', async function () {
    this.timeout(150_000);
    const { session } = workbench;
    server().script(stalledAnswer());
    await sendUntilStalled('Keep talking.');
    const pids = extensionHostPids(session.server.processGroup);
    assert.ok(pids.length > 0, 'an extension host process was found');
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    // The workbench starts a new extension host on its own after an unexpected exit (the first few times).
    await until(async () => extensionHostPids(session.server.processGroup).some((pid) => !pids.includes(pid)), 'a new extension host', 60_000);
    await waitForWorkbenchReady(workbench.page, { activated: false });
    await expectInterrupted('Keep talking.');
    await retryAnswers();
  });
});
