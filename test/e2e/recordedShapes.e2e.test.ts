// The recorded corpus through the real UI: for one recorded body per family of shapes real servers send, the
// reference server replays it verbatim, and what a person sees in the chat, in Ask Model's answer document and in
// Edit Selection's notification must be what our core ChatClient assembles from the same bytes
// (`replayThroughClient`). The chosen cases' texts carry no Markdown syntax, so the chat's rendered text is the text.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { alerts, answerText, lastFinishedAnswer, sendMessage } from '../support/e2e/chatView';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, notificationToasts, openFile, quickInputBox, runCommand, selectLines } from '../support/e2e/workbenchUi';
import { compareAnswer, loadRecordedCases, type AssembledAnswer, type RecordedCase } from '../support/recorded/recordedCases';
import { replayThroughClient } from '../support/recorded/replayThroughClient';
import { replayTurn } from '../support/referenceServer';

const MODEL = 'recorded-model';
/** The address replayThroughClient's client calls; the workbench calls the reference server instead. */
const REPLAY_ORIGIN = 'http://127.0.0.1:9';

interface Family {
  /** What is special about the shape. */
  shape: string;
  /** The recorded case that shows it: `<provider>/<case>`. */
  caseName: string;
}

const FAMILIES: readonly Family[] = [
  { shape: 'typed content parts with nested thinking', caseName: 'mistral/magistral-thinking-parts-stream' },
  { shape: 'reasoning in a field', caseName: 'xai/reasoning-text-stream' },
  { shape: 'reasoning and an empty answer cut by length', caseName: 'deepseek/reasoning-only-truncated-length-stream' },
  { shape: 'a refusal', caseName: 'openai/refusal-stream-structured-output' },
  { shape: 'an error inside a 200 stream after partial output', caseName: 'openrouter/error-in-200-stream-after-length' },
  { shape: 'processing comments and usage after the finish', caseName: 'openrouter/processing-comments-usage-after-finish' },
];

interface Replayed {
  recorded: RecordedCase;
  assembled: AssembledAnswer;
}

describe('Recorded response shapes through the real UI (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  const replayed = new Map<string, Replayed>();
  before(async () => {
    const cases = new Map(loadRecordedCases().map((recorded) => [recorded.name, recorded]));
    for (const { caseName } of FAMILIES) {
      const recorded = cases.get(caseName);
      if (!recorded) throw new Error(`no recorded case ${caseName}`);
      const assembled = await replayThroughClient(recorded);
      // The chain is UI = core = what the case says a person must see: the unit tier checks the second link too.
      assert.deepEqual(compareAnswer(recorded.expected, assembled), [], `${caseName}: the core assembles what the case expects`);
      replayed.set(caseName, { recorded, assembled });
    }
  });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0 },
    waitForActivation: false, // the chat opens first, and opening it activates the extension
  }));
  beforeEach(() => server().reset());

  /** Scripts the case's body and returns what the core assembled from it, the error message as the UI words it. */
  function replay(caseName: string): AssembledAnswer {
    const found = replayed.get(caseName);
    if (!found) throw new Error(`${caseName} was not replayed through the client`);
    server().script(replayTurn(found.recorded.body, { status: found.recorded.status }));
    const { assembled } = found;
    return { ...assembled, error: assembled.error?.replaceAll(REPLAY_ORIGIN, server().url) };
  }

  function assertReplayUsed(): void {
    assert.equal(server().queuedTurns, 0, 'the recorded body was the answer');
  }

  describe('in the chat', () => {
    const chat = useChatPanel(workbench);

    for (const { shape, caseName } of FAMILIES) {
      it(`${shape} (${caseName}): the answer, the collapsed reasoning, the error and the footer`, async () => {
        const expected = replay(caseName);
        await sendMessage(chat.view, `Answer like ${caseName}.`);
        const message = await lastFinishedAnswer(chat.view);
        assertReplayUsed();

        assert.equal(await answerText(message), expected.text);

        const reasoning = message.locator('details.reasoning');
        if (expected.reasoning === '') {
          assert.equal(await reasoning.count(), 0, 'no reasoning section');
        } else {
          assert.equal(await reasoning.locator('summary').innerText(), 'Reasoning');
          assert.equal(await reasoning.evaluate((details) => (details as HTMLDetailsElement).open), false, 'collapsed');
          const reasoningText = reasoning.locator('.reasoning-text');
          assert.equal(await reasoningText.isVisible(), false);
          await reasoning.locator('summary').click();
          await reasoningText.waitFor({ state: 'visible' });
          assert.equal(await reasoningText.textContent(), expected.reasoning);
        }

        const errors = alerts(message);
        if (expected.error === undefined) {
          assert.equal(await errors.count(), 0, 'no error card');
          assertFooter(await message.locator('.turn-footer').innerText(), expected);
        } else {
          assert.equal(await errors.locator('.error-message').innerText(), expected.error);
        }
      });
    }
  });

  describe('in Ask Model', () => {
    FAMILIES.forEach(({ shape, caseName }, i) => {
      it(`${shape} (${caseName}): the answer document's answer, reasoning and footer`, async () => {
        const { page } = workbench;
        const expected = replay(caseName);
        const question = `Recorded shape ${i + 1}?`;
        await askAboutLines(page, question);

        const answerEditor = editorGroupWithTab(page, question.replace(/\?$/, ''));
        let shown = '';
        await until(async () => {
          shown = await editorText(answerEditor).catch(() => '');
          return ANSWER_ENDED.test(shown);
        }, 'the end of the answer in its document');
        assertReplayUsed();
        const header = `**${question}**\n\n_About hello.ts, lines 2–4_\n\n---\n\n`;
        assert.ok(shown.startsWith(header), `the document starts with the question:\n${shown}`);
        const body = shown.slice(header.length);
        const answer = answerAsTheDocumentShowsIt(expected);
        if (expected.error === undefined) {
          const footerAt = body.lastIndexOf('\n\n---\n_');
          assert.equal(body.slice(0, footerAt), answer);
          assertFooter(body.slice(footerAt).replace(/^\n\n---\n_/, '').replace(/_\n?$/, ''), expected);
        } else {
          assert.equal(body.replace(/\n$/, ''), `${answer}\n\n_(failed: ${expected.error})_`);
          assert.equal(await notificationMessage(page, expected.error), expected.error, 'the error notification');
          await runCommand(page, 'Notifications: Clear All Notifications');
        }
      });
    });
  });

  describe('in Edit Selection', () => {
    afterEach(async () => {
      await runCommand(workbench.page, 'Notifications: Clear All Notifications');
    });

    for (const { shape, caseName } of FAMILIES) {
      it(`${shape} (${caseName}): the notification shows the answer's text, the refusal, that nothing came, or the error`, async () => {
        const { page } = workbench;
        const expected = replay(caseName);
        // The previous case's toast may still be up; a new one can queue behind it, so each case starts with none.
        await runCommand(page, 'Notifications: Clear All Notifications');
        await openFile(page, 'hello.ts');
        await selectLines(page, 2, 4);
        await runCommand(page, 'Ask Model: Edit Selection with Model');
        await quickInputBox(page).fill('Change nothing; just answer.');
        await quickInputBox(page).press('Enter');

        // Edit Selection shows no reasoning and no footer: what the model said last (marked when it refused), that it
        // said nothing and changed nothing, or the error.
        const finish = expected.finishReason && expected.finishReason !== 'stop' ? ` (finish ${expected.finishReason})` : '';
        const shownText =
          expected.error ??
          (expected.refused
            ? `Ask Model: the model refused: ${expected.text}`
            : expected.text === ''
              ? `Ask Model: the model answered with no text and changed nothing${finish}.`
              : `Ask Model: ${expected.text}`);
        assert.equal(await notificationMessage(page, shownText), shownText);
        assertReplayUsed();
      });
    }
  });
});

/** The end of an answer document: the footer line or the failure note. */
const ANSWER_ENDED = /(\n\n---\n_[^\n]*_|\n\n_\(failed: [^\n]*\)_)\n?$/;

/** Ask Model writes the reasoning as a quote headed **Reasoning**, then a blank line and the answer. */
function answerAsTheDocumentShowsIt(answer: AssembledAnswer): string {
  if (answer.reasoning === '') return answer.text;
  const quoted = `> **Reasoning**\n> ${answer.reasoning.replace(/\n/g, '\n> ')}`;
  return answer.text === '' ? quoted : `${quoted}\n\n${answer.text}`;
}

/**
 * The footer says what the core assembled: "refused by the model" first exactly when it refused, the token figures
 * of its usage, and the finish reason when it is not "stop"; timings vary from run to run.
 */
function assertFooter(footer: string, answer: AssembledAnswer): void {
  const parts = footer.split(' · ');
  assert.equal(parts[0] === 'refused by the model', answer.refused, `"refused by the model" first exactly when refused: ${footer}`);
  assert.match(parts[answer.refused ? 1 : 0] ?? '', /^model \S+$/, footer);
  const usage = answer.usage as { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | undefined;
  const tokens = parts.filter((part) => part.startsWith('tokens '));
  if (usage === undefined) assert.deepEqual(tokens, [], footer);
  else assert.deepEqual(tokens, [`tokens ${usage.prompt_tokens}/${usage.completion_tokens}/${usage.total_tokens} (prompt/completion/total)`], footer);
  const finish = parts.filter((part) => part.startsWith('finish '));
  assert.deepEqual(finish, answer.finishReason === undefined || answer.finishReason === 'stop' ? [] : [`finish ${answer.finishReason}`], footer);
}

/** Selects lines 2–4 of hello.ts and asks `question` through the Command Palette and the question quick pick. */
async function askAboutLines(page: Page, question: string): Promise<void> {
  await openFile(page, 'hello.ts');
  await selectLines(page, 2, 4);
  await runCommand(page, 'Ask Model: Ask Model');
  await quickInputBox(page).fill(question);
  await quickInputBox(page).press('Enter');
}

/**
 * Waits for the notification whose message is exactly `message` and returns its message as shown: as a toast, or, when
 * the workbench keeps it from showing as one (on a busy machine a toast can stay queued behind the progress
 * notification that just closed), in the notification centre, which lists every notification shown.
 */
async function notificationMessage(page: Page, message: string): Promise<string> {
  const text = page.locator('.notification-list-item-message');
  const toast = notificationToasts(page).filter({ has: text.filter({ hasText: message }) }).first();
  try {
    await toast.waitFor({ state: 'visible', timeout: 10_000 });
    return await toast.locator('.notification-list-item-message').innerText();
  } catch {
    await runCommand(page, 'Notifications: Show Notifications');
    const listed = page.locator('.notifications-center .notification-list-item-message').filter({ hasText: message }).first();
    await listed.waitFor({ state: 'visible', timeout: 20_000 });
    const shown = await listed.innerText();
    await page.keyboard.press('Escape');
    return shown;
  }
}
