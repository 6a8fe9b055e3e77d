// The side-by-side suite: one answer streamed by the reference server, at the same pace, through VS Code's own chat
// (our language model provider answering) and through our chat view, in the same workbench and browser. Each run is
// traced browser-wide from the moment the question is sent to the moment the answer's last words are on screen, and
// the main-thread work of every renderer is added up (rendererWork.ts): what showing that stream costs the user's
// machine in each. The two take turns in a rotating order over the rounds, so a slow stretch of this shared machine
// lands on both. Each keeps one conversation for all its runs: in VS Code 1.139 signed out, a question in a chat
// started with its "New Chat" action went to the Copilot sign-in instead of the model picked (seen on the bench's
// failure screenshot), so neither starts anew, and both lists grow the same way.
import type { Page } from 'playwright-core';
import { answerText, assistantMessages, busyAssistantMessage, button, messageBox, openChat } from '../../support/e2e/chatView';
import { startWorkbench, type WorkbenchSession } from '../../support/e2e/workbenchSession';
import { lastVsCodeChatAnswer, openModelPicker, pickModel, typeVsCodeChatQuestion } from '../../support/e2e/vscodeChat';
import { runCommand } from '../../support/e2e/workbenchUi';
import { screenshot } from '../../support/e2e/screenshots';
import { until } from '../../support/e2e/until';
import { startReferenceServer, textTurn, type ReferenceServer } from '../../support/referenceServer';
import type { BenchSuite, SuiteReport } from '../suite';
import { buildBenchAnswer } from '../render/benchAnswer';
import { startTrace } from '../render/frameWork';
import { rendererWork, type RendererWork } from './rendererWork';
import { sideBySideReport, type Contender } from './report';

const MODEL = 'gpt-3.5-turbo';
/** An answer of a realistic long reply: prose, lists, a table, code blocks; it ends in a sentence nothing else has. */
const ANSWER_CHARS = 24_000;
const CODE_BLOCKS = 8;
const LAST_WORDS = 'That is the whole pipeline, end to end.';
/** ~2,000 deltas a few ms apart: ~10 s of stream, ~2.4 KB/s (~600 tokens/s: a fast hosted model). */
const DELTAS = 2_000;
const DRIP_MS = 4;
const ROUNDS = 5;
const QUESTION = 'Walk me through the whole pipeline, with code.';

export const sideBySideSuite: BenchSuite = {
  name: 'sideBySide',
  async run(progress): Promise<SuiteReport> {
    const answer = `${buildBenchAnswer(31, ANSWER_CHARS, CODE_BLOCKS).text}\n\n${LAST_WORDS}\n`;
    const server = await startReferenceServer({ discovery: 'litellm' });
    let session: WorkbenchSession | undefined;
    try {
      session = await startWorkbench({
        settings: {
          'askModel.baseUrl': server.url,
          'askModel.model': MODEL,
          'chat.disableAIFeatures': false,
          'chat.byokUtilityModelDefault': 'mainAgent',
        },
      });
      const { page } = session;
      progress(`sideBySide: answer ${(answer.length / 1024).toFixed(1)} KB, ${CODE_BLOCKS} code blocks, ${DELTAS} deltas ${DRIP_MS} ms apart; workbench ready`);
      // Signed out of GitHub, VS Code's chat answers with an extension's model only in a window reloaded after "Chat:
      // Manage Language Models" was opened (nativeModelPicker.e2e.test.ts); a user there does the same.
      await runCommand(page, 'Chat: Manage Language Models');
      await page.locator('.part.editor .monaco-list-row').filter({ hasText: MODEL }).first().waitFor({ timeout: 30_000 });
      await runCommand(page, 'View: Close Editor');
      await session.reload();
      // As the UI tier does: open the picker on a model that sits under "Other Models" (expanded then), and pick ours.
      await runCommand(page, 'Chat: Open Chat');
      await openModelPicker(page, 'rerank-english-v3.0');
      await pickModel(page, MODEL);
      const runs: Record<Contender, RendererWork[]> = { vscodeChat: [], ourView: [] };
      const requests: Record<Contender, number[]> = { vscodeChat: [], ourView: [] };
      const contenders: { name: Contender; run: () => Promise<RendererWork> }[] = [
        { name: 'vscodeChat', run: () => vsCodeChatRun(page, server, answer, (count) => requests.vscodeChat.push(count)) },
        { name: 'ourView', run: () => ourViewRun(page, server, answer, (count) => requests.ourView.push(count)) },
      ];
      // A first, unrecorded run of each: first renders compile code and grammars in both.
      for (const contender of contenders) await contender.run();
      for (let round = 0; round < ROUNDS; round++) {
        const results: string[] = [];
        for (let position = 0; position < contenders.length; position++) {
          const contender = contenders[(position + round) % contenders.length]!;
          const work = await contender.run();
          runs[contender.name].push(work);
          results.push(`${contender.name} ${work.totalMs.toFixed(0)} ms (${work.renderers} renderer(s), busiest ${work.busiest.taskMs.toFixed(0)} ms)`);
        }
        progress(`sideBySide round ${round + 1}/${ROUNDS}: ${results.join(', ')}`);
      }
      return sideBySideReport({ answer: { bytes: answer.length, codeBlocks: CODE_BLOCKS, deltas: DELTAS, dripMs: DRIP_MS }, rounds: ROUNDS, runs, requests });
    } catch (error) {
      if (session) progress(`sideBySide: failed; the workbench as it was: ${await screenshot(session.page, 'bench-side-by-side-failure')}`);
      throw error;
    } finally {
      await session?.close();
      await server.close();
    }
  },
};

/** Scripts the answer for every request the run makes (VS Code's chat may ask for more than the answer). */
function scriptAnswer(server: ReferenceServer, answer: string): void {
  server.reset();
  server.setDefaultFault({ type: 'slowDrip', delayMs: DRIP_MS });
  server.script(...Array.from({ length: 4 }, () => textTurn(answer, { chunks: DELTAS })));
}

function chatRequestsSoFar(server: ReferenceServer): number {
  return server.requests.filter((request) => request.path.endsWith('/chat/completions')).length;
}

/** Traces from `send` until `done` resolves, between two marks on the workbench's page. */
async function traced(page: Page, send: () => Promise<void>, done: () => Promise<void>): Promise<RendererWork> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const stop = await startTrace(cdp);
    await page.evaluate(() => void performance.mark('askModel-side-start'));
    await send();
    await done();
    // Three frames after the last words: what the renderers still do for the answer's end.
    // (A string: the test runner's transform names inner functions with a helper the page does not have.)
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))))');
    await page.evaluate(() => void performance.mark('askModel-side-end'));
    return rendererWork(await stop(), 'askModel-side-start', 'askModel-side-end');
  } finally {
    await cdp.detach();
  }
}

async function vsCodeChatRun(page: Page, server: ReferenceServer, answer: string, countRequests: (count: number) => void): Promise<RendererWork> {
  await typeVsCodeChatQuestion(page, QUESTION);
  scriptAnswer(server, answer);
  const work = await traced(
    page,
    () => page.keyboard.press('Enter'),
    async () => {
      await lastVsCodeChatAnswer(page).getByText(LAST_WORDS).first().waitFor({ timeout: 120_000 });
      // Finished: VS Code drops the input's Cancel action when the response is complete.
      await until(async () => (await page.locator('.interactive-input-part .action-label[aria-label^="Cancel"]').count()) === 0, 'VS Code’s chat response to finish', 60_000);
    },
  );
  countRequests(chatRequestsSoFar(server));
  return work;
}

async function ourViewRun(page: Page, server: ReferenceServer, answer: string, countRequests: (count: number) => void): Promise<RendererWork> {
  const view = await openChat(page);
  await messageBox(view).fill(QUESTION);
  scriptAnswer(server, answer);
  const answersBefore = await assistantMessages(view).count();
  const work = await traced(
    page,
    () => button(view, 'Send').click(),
    async () => {
      // This run's answer (the one before it is finished too), then its end: the view's busy mark gone.
      const mine = assistantMessages(view).nth(answersBefore);
      await mine.waitFor({ state: 'attached', timeout: 30_000 });
      await until(async () => (await answerText(mine)).includes(LAST_WORDS), 'our view to show the answer’s last words', 120_000);
      await busyAssistantMessage(view).first().waitFor({ state: 'detached', timeout: 30_000 });
    },
  );
  countRequests(chatRequestsSoFar(server));
  return work;
}
