// The recorded corpus through the real UI, one representative: a body a real server sent (Mistral's magistral, its
// answer in typed content parts with the thinking nested in them) replayed verbatim by the reference server, and what a
// person sees in the chat (the answer, the collapsed reasoning, the footer) must be what our core ChatClient assembles
// from the same bytes (`replayThroughClient`). Every recorded case is checked below the UI: the core's assembly of each
// in test/unit/recordedResponses.test.ts, and each surface's rendering of an assembled answer in its own tests (the
// footer's facts in test/unit/run/answerFacts.test.ts and test/unit/serverShapes.test.ts, Ask Model's document in
// test/unit/ask/askAnswer.test.ts, Edit Selection's message in test/unit/ask/editSelection.test.ts, the chat view's
// reasoning and error card in test/webview/chatView.test.ts). The case's text carries no Markdown syntax, so the chat's
// rendered text is the text.
import assert from 'node:assert/strict';
import { alerts, answerText, lastFinishedAnswer, sendMessage } from '../support/e2e/chatView';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { compareAnswer, loadRecordedCases, type AssembledAnswer } from '../support/recorded/recordedCases';
import { replayThroughClient } from '../support/recorded/replayThroughClient';
import { replayTurn } from '../support/referenceServer';

const MODEL = 'recorded-model';
const CASE = 'mistral/magistral-thinking-parts-stream';

describe('A recorded response shape through the real UI (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0 },
    waitForActivation: false, // the chat opens first, and opening it activates the extension
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => server().reset());

  it(`typed content parts with nested thinking (${CASE}): the chat shows the answer, the collapsed reasoning and the footer the core assembles`, async () => {
    const recorded = loadRecordedCases().find((candidate) => candidate.name === CASE);
    if (!recorded) throw new Error(`no recorded case ${CASE}`);
    const expected = await replayThroughClient(recorded);
    // The chain is UI = core = what the case says a person must see: the unit tier checks the second link too.
    assert.deepEqual(compareAnswer(recorded.expected, expected), [], `${CASE}: the core assembles what the case expects`);
    assert.equal(expected.error, undefined, 'the representative ends without an error: its footer is checked');
    assert.notEqual(expected.reasoning, '', 'and has reasoning: its collapsed section is checked');

    server().script(replayTurn(recorded.body, { status: recorded.status }));
    await sendMessage(chat.view, `Answer like ${CASE}.`);
    const message = await lastFinishedAnswer(chat.view);
    assert.equal(server().queuedTurns, 0, 'the recorded body was the answer');

    assert.equal(await answerText(message), expected.text);
    const reasoning = message.locator('details.reasoning');
    assert.equal(await reasoning.locator('summary').innerText(), 'Reasoning');
    assert.equal(await reasoning.evaluate((details) => (details as HTMLDetailsElement).open), false, 'collapsed');
    const reasoningText = reasoning.locator('.reasoning-text');
    assert.equal(await reasoningText.isVisible(), false);
    await reasoning.locator('summary').click();
    await reasoningText.waitFor({ state: 'visible' });
    assert.equal(await reasoningText.textContent(), expected.reasoning);

    assert.equal(await alerts(message).count(), 0, 'no error card');
    assertFooter(await message.locator('.turn-footer').innerText(), expected);
  });
});

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
