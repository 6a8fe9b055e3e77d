// Long conversations as a person sees them in the chat header and the conversation, in the real workbench: the meter
// shows the next request's tokens against the model's window (set by askModel.modelOverrides), turns to the warning
// style from 80%, a line under the last turn the model now sees only as a summary ("Earlier messages summarised for
// the model") once the conversation was compacted on its own, and Compact now, from the header's button and from
// "Ask Model: Compact Chat Now". The reference server counts prompts with its own tokenizer against a 4,096-token
// window and answers the summary requests (which offer no tools) with a short text. The 50-turn chat that reads
// large files of this project against that window is test/unit/chat/longChatOverHttp.test.ts (the session over HTTP, the
// server's count); here the real host compacts on its own once (the first test), which is what needs the workbench.
import assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';
import { alerts, assistantMessages, button, lastFinishedAnswer, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { runCommand } from '../support/e2e/workbenchUi';
import { textTurn, type ReferenceServer } from '../support/referenceServer';

const MODEL = 'small-window-model';
const WINDOW = 4096;
const SUMMARY = 'The user asked about the build; the assistant explained where its time goes.';
const SUMMARY_LINE = 'Earlier messages summarised for the model';
/** About 250 of the server's tokens of plain prose: each answer fills the window by a few per cent. */
const LONG_ANSWER = 'The build spends most of its time in the type checker, which checks every file again. '.repeat(9);

const meter = (view: FrameLocator): Locator => view.locator('.context-use');
const summaryRequests = (server: ReferenceServer) =>
  server.requests.filter((request) => request.path === '/v1/chat/completions' && (request.body as { tools?: unknown }).tools === undefined);

/** The turn marked as the last one the model sees only as a summary, and the line its ::after draws under it. */
async function summarisedThrough(view: FrameLocator): Promise<{ count: number; turnId: string | null; line: string }> {
  const marked = view.locator('.turn.summarised-through');
  const count = await marked.count();
  if (count === 0) return { count, turnId: null, line: '' };
  const line = await marked.first().evaluate((element) => getComputedStyle(element, '::after').content);
  return { count, turnId: await marked.first().getAttribute('data-turn-id'), line };
}

describe('the context window in the chat: meter, automatic compaction, Compact now (e2e)', function () {
  const server = useReferenceServer({ model: MODEL, contextWindow: WINDOW, summaryText: SUMMARY });
  const workbench = useWorkbench(() => ({
    settings: {
      'askModel.baseUrl': server().url,
      'askModel.model': MODEL,
      'askModel.maxRetries': 0,
      'askModel.modelOverrides': { [MODEL]: { contextWindow: WINDOW, maxOutputTokens: 512 } },
    },
    waitForActivation: false,
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => server().reset());

  it('the meter shows used / window after an answer, warns from 80%, and the summary line appears once the chat compacts itself', async () => {
    const { view } = chat;
    server().script(textTurn('Short answer.'));
    await sendMessage(view, 'Where does the build spend its time?');
    await lastFinishedAnswer(view);
    await meter(view).filter({ hasText: /^\d+(\.\d)?K? \/ 4K$/ }).waitFor();
    assert.equal(await meter(view).getAttribute('class'), 'context-use', 'no warning at the start');
    assert.match((await meter(view).getAttribute('title')) ?? '', new RegExp(`of the model's ${WINDOW} tokens`));
    await screenshot(workbench.page, 'context-meter', workbench.page.locator('.part.sidebar'));

    // Long answers until the next request would take 80% of the window: the meter warns, nothing was compacted yet.
    let turns = 1;
    while (!(await meter(view).evaluate((element) => element.classList.contains('warn')))) {
      assert.ok(turns < 20, `no warning after ${turns} answers: ${await meter(view).innerText()}`);
      server().script(textTurn(`${turns}. ${LONG_ANSWER}`));
      await sendMessage(view, `And step ${turns}?`);
      await lastFinishedAnswer(view);
      await until(async () => (await assistantMessages(view).count()) === turns + 1, `answer ${turns + 1} shown`);
      turns++;
    }
    const [used, window] = (await meter(view).innerText()).split(' / ');
    assert.equal(window, '4K');
    // From 80%, or from where compaction starts when that comes first: the window less the answer's room (512) and the
    // estimate's margin (a tenth of the window).
    assert.ok(Number(used?.replace('K', '')) * 1000 >= Math.min(0.8 * WINDOW, WINDOW - 512 - Math.ceil(WINDOW * 0.1)) - 50, `warns at ${used}`);
    assert.equal(summaryRequests(server()).length, 0, 'not compacted before it had to be');
    assert.equal((await summarisedThrough(view)).count, 0);
    await screenshot(workbench.page, 'context-meter-warning', workbench.page.locator('.part.sidebar'));

    // The next message no longer fits with everything: the oldest turns are summarised for the model.
    server().script(textTurn('Answered with the earlier turns summarised.'));
    await sendMessage(view, 'So what should I change first?');
    const last = await lastFinishedAnswer(view);
    assert.match(await last.innerText(), /Answered with the earlier turns summarised\./);
    assert.equal(await alerts(view).count(), 0, 'no error, no overflow');
    assert.equal(summaryRequests(server()).length, 1, 'one summary request');
    await until(async () => (await summarisedThrough(view)).count === 1, 'a turn marked as summarised through');
    assert.equal((await summarisedThrough(view)).line, `"${SUMMARY_LINE}"`);
    const sent = server().requests.at(-1)?.body as { messages: { role: string; content: string | null }[] };
    assert.ok(sent.messages.some((message) => message.role === 'system' && (message.content ?? '').includes(SUMMARY)), 'the summary went in their place');
    assert.ok(server().requests.every((request) => request.countedPromptTokens === undefined || request.countedPromptTokens < WINDOW), 'every request fitted');
    await until(async () => !(await meter(view).evaluate((element) => element.classList.contains('warn'))), 'the meter below the warning once compacted');
    await view.locator('.turn.summarised-through').scrollIntoViewIfNeeded();
    await screenshot(workbench.page, 'context-summarised-through', workbench.page.locator('.part.sidebar'));
  });

  it('Compact (the header button) and "Ask Model: Compact Chat Now" summarise the conversation so far and show the line', async () => {
    const { view } = chat;
    server().script(textTurn('First answer.'), textTurn('Second answer.'));
    await sendMessage(view, 'First question?');
    await lastFinishedAnswer(view);
    await sendMessage(view, 'Second question?');
    const second = await lastFinishedAnswer(view);
    assert.equal((await summarisedThrough(view)).count, 0);

    await button(view, 'Compact').click();
    await until(async () => (await summarisedThrough(view)).turnId === (await second.getAttribute('data-turn-id')), 'the line under the second answer');
    assert.equal(summaryRequests(server()).length, 1);
    assert.equal((await summarisedThrough(view)).line, `"${SUMMARY_LINE}"`);

    server().script(textTurn('Third answer.'));
    await sendMessage(view, 'Third question?');
    const third = await lastFinishedAnswer(view);
    const sent = server().requests.at(-1)?.body as { messages: { role: string; content: string | null }[] };
    assert.ok(!sent.messages.some((message) => message.content === 'First question?'), 'the summarised turns are not sent again');
    assert.ok(sent.messages.some((message) => (message.content ?? '').includes(SUMMARY)));

    await runCommand(workbench.page, 'Ask Model: Compact Chat Now');
    await until(async () => (await summarisedThrough(view)).turnId === (await third.getAttribute('data-turn-id')), 'the line under the third answer');
    assert.equal(summaryRequests(server()).length, 2);
    assert.equal((await summarisedThrough(view)).count, 1, 'one line: under the latest summarised turn');
    await view.locator('.turn.summarised-through').scrollIntoViewIfNeeded();
    await screenshot(workbench.page, 'context-compact-now', workbench.page.locator('.part.sidebar'));
  });
});
