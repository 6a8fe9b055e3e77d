// Ask Model's language models (vendor `ask-model`) in VS Code's own chat, as a person sees them in the real workbench:
// the "Chat: Manage Language Models" editor lists each model of the profile's catalogue "from Ask Model", and the
// model picker of VS Code's Chat view offers them with the profile as their detail and our tooltip on hover; a question
// in VS Code's chat is answered by our model, its reasoning shown as VS Code's thinking, and the answer leaves the
// same log line and day's spend as our own chat's. The reference server answers as a LiteLLM proxy, from the recorded
// discovery bodies.
//
// Other UI tests run with `chat.disableAIFeatures: true` (the test host's quiet settings), which hides VS Code's chat
// and its "Manage Language Models" command (its precondition needs `chatIsEnabled`, which the chat setup agent sets
// only when AI features are on). With them on, code-server 1.139 shows both offline and signed out: the command's
// other condition, `github.copilot.clientByokEnabled`, defaults to true, so no Copilot plan is needed.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { askModelLogLines } from '../support/e2e/askModelLog';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { openWalkthrough, waitForStepDone } from '../support/e2e/walkthrough';
import { lastVsCodeChatAnswer, openModelPicker, pickerRow, pickerRows, pickModel, typeVsCodeChatQuestion } from '../support/e2e/vscodeChat';
import { runCommand } from '../support/e2e/workbenchUi';
import { textTurn } from '../support/referenceServer';

/** The catalogue the reference server's LiteLLM discovery answers with, in VS Code's order (by name). */
const MODELS = ['fake-openai-endpoint', 'gpt-3.5-turbo', 'llava-hf', 'rerank-english-v3.0'];
const PROFILE = 'Default';

const managedModelRows = (page: Page): Locator => page.locator('.part.editor .monaco-list-row');

describe('Ask Model’s models in VS Code’s own chat model picker (e2e)', function () {
  const server = useReferenceServer({ discovery: 'litellm' });
  const workbench = useWorkbench(() => ({
    settings: {
      'askModel.baseUrl': server().url,
      'askModel.model': 'gpt-3.5-turbo',
      'chat.disableAIFeatures': false, // only this file: VS Code's chat shown, signed out and offline
      // Without it, the built-in Copilot extension puts "Set BYOK utility models" over the chat input once it sees a
      // model not its own, at a moment of its choosing: it once moved the picker while the test was picking a model.
      'chat.byokUtilityModelDefault': 'mainAgent',
    },
  }));

  // First, before anything else asks VS Code for the models: its picker lists ours without "Manage Language Models".
  it('the Chat view’s model picker offers them with the profile as detail, and our tooltip', async () => {
    const { page } = workbench;
    await runCommand(page, 'Chat: Open Chat');
    await openModelPicker(page, 'rerank-english-v3.0');

    const listed = await pickerRows(page).evaluateAll((found) =>
      found
        .filter((row) => !row.classList.contains('chat-model-picker-section-toggle'))
        .map((row) => ({ name: row.querySelector('.title')?.textContent?.trim() ?? '', detail: row.querySelector('.description')?.textContent?.trim() ?? '' })),
    );
    assert.deepEqual(
      [...listed].sort((a, b) => a.name.localeCompare(b.name)),
      MODELS.map((name) => ({ name, detail: PROFILE })),
      'each model of the catalogue once, the profile as its detail',
    );

    await pickerRow(page, 'gpt-3.5-turbo').hover();
    await page.getByText(`gpt-3.5-turbo on the Ask Model profile "${PROFILE}"`).first().waitFor();
    await screenshot(page, 'vscode-model-picker-ask-model');

    // Picking one makes it the Chat view's model.
    await pickModel(page, 'gpt-3.5-turbo');
  });

  it('"Chat: Manage Language Models" lists every model of the profile, from Ask Model', async () => {
    const { page } = workbench;
    await runCommand(page, 'Chat: Manage Language Models');
    const rows = managedModelRows(page);
    await rows.filter({ hasText: 'gpt-3.5-turbo' }).first().waitFor();
    // Each row's aria-label is VS Code's own summary: "<name> from <vendor's displayName>. Context size: ...".
    const labels = await rows.evaluateAll((found) => found.map((row) => row.getAttribute('aria-label') ?? ''));
    assert.deepEqual(
      labels.map((label) => /^(.*?) from (.*?)\./.exec(label)?.slice(1, 3)),
      MODELS.map((name) => [name, 'Ask Model']),
      `the rows: ${JSON.stringify(labels)}`,
    );
    await screenshot(page, 'vscode-language-models-editor-ask-model');
    await runCommand(page, 'View: Close Editor');
    await page.locator('.part.editor .monaco-list-row').first().waitFor({ state: 'detached' });
  });

  // Signed out of GitHub (as here), VS Code 1.139's chat sends a question to an extension's model only in a Chat view
  // opened after "Chat: Manage Language Models" has been opened once; in the Chat view already open (the tests above)
  // the same question opened the Copilot sign-in instead. So the window is reloaded, as the README tells a user to.
  it('answers in VS Code’s chat: the text, the reasoning as thinking; the answer line and the day’s spend in our log', async function () {
    this.timeout(120_000);
    const { page, session } = workbench;
    await session.reload();
    await runCommand(page, 'Chat: Open Chat');
    await openModelPicker(page, 'rerank-english-v3.0');
    await pickModel(page, 'gpt-3.5-turbo');
    // VS Code's chat asks the model more than the question (a title, say): each request gets the same answer.
    server().script(...Array.from({ length: 8 }, () => textTurn('It is sunny in Oslo.', { reasoning: 'The user asks about the weather in Oslo; say sunny.', chunks: 4 })));
    const question = 'What is the weather in Oslo?';
    await typeVsCodeChatQuestion(page, question);
    await page.keyboard.press('Enter');
    const answer = lastVsCodeChatAnswer(page);
    await answer.getByText('It is sunny in Oslo.').first().waitFor({ timeout: 60_000 });
    // The reasoning arrived as thinking: VS Code folds it into its steps line ("Completed 2 steps", then "Finished with
    // 1 step"); opened, it shows the model's words.
    await answer.getByText(/Completed \d+ steps?/).first().click();
    await answer.getByText(/Finished/).first().click();
    await answer.getByText('The user asks about the weather in Oslo; say sunny.').first().waitFor();
    await screenshot(page, 'vscode-chat-answer-with-thinking');
    const answerLines = (): string[] => askModelLogLines(session.server.userDataDir, /vscode-chat \(profile Default\): answered by .*cost/);
    await until(async () => answerLines().length > 0, 'the answer line in our log');
    assert.match(answerLines()[0] ?? '', /usage \{"prompt_tokens":\d+/);
    await until(async () => askModelLogLines(session.server.userDataDir, /spent on \d{4}-\d{2}-\d{2}: .* answer\(s\)/).length > 0, 'the day’s spend in our log');
    // The answer ticks the walkthrough's last step.
    await openWalkthrough(page);
    await waitForStepDone(page, 'vscodeChat');
  });
});
