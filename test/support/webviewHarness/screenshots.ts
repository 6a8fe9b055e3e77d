// `node --import tsx test/support/webviewHarness/screenshots.ts`: renders the sample conversation in the harness in
// the Dark+, Light+ and high-contrast themes and writes test-results/chat-<theme>.png (plus one with the history
// panel open and keyboard focus shown), for looking at the view without VS Code.
import fs from 'node:fs';
import path from 'node:path';
import { openHarness } from './openHarness';
import { sampleConversation } from './sampleConversation';
import type { ThemeName } from './themes';
import { REPO_ROOT } from './webviewBuild';

async function main(): Promise<void> {
  const outDir = path.join(REPO_ROOT, 'test-results');
  fs.mkdirSync(outDir, { recursive: true });
  const harness = await openHarness();
  try {
    for (const theme of ['dark', 'light', 'high-contrast'] as ThemeName[]) {
      const { page } = await harness.openPage({ theme, width: 460, height: 1000 });
      const state = sampleConversation(Date.now());
      await page.evaluate((message) => window.askModelHarness.post(message), { type: 'state', state });
      await page.evaluate(() => window.askModelHarness.frames(2));
      await page.getByRole('textbox', { name: 'Message' }).fill('Also handle an empty name, please');
      await page.locator('details.reasoning summary').click();
      await page.screenshot({ path: path.join(outDir, `chat-${theme}.png`) });
      if (theme !== 'high-contrast') {
        await page.getByRole('button', { name: 'History' }).click();
        await page.keyboard.press('Tab');
        await page.screenshot({ path: path.join(outDir, `chat-${theme}-history.png`) });
      }
      await page.close();
    }
    // Mid-stream: a question just sent, the answer half-way through a code block, Stop shown.
    const { page } = await harness.openPage({ theme: 'dark', width: 460, height: 700 });
    await page.evaluate((message) => window.askModelHarness.post(message), { type: 'state', state: { ...sampleConversation(Date.now()), turns: [], pendingContext: [] } });
    const streaming = { id: 's1', role: 'assistant', text: '', reasoning: '', status: 'streaming' } as const;
    await page.evaluate((messages) => messages.forEach((message) => window.askModelHarness.post(message)), [
      { type: 'turn', turn: { id: 'q1', role: 'user', text: 'How do I read a stream line by line?', context: [] }, busy: true },
      { type: 'turn', turn: streaming, busy: true },
    ]);
    await page.evaluate(() => window.askModelHarness.frames(2));
    await page.screenshot({ path: path.join(outDir, 'chat-dark-thinking.png') });
    const partial = 'Use a `TextDecoderStream` and split on newlines:\n\n```ts\nconst lines = response.body!\n  .pipeThrough(new TextDecoderStream())\n\nfor await (const chunk of lines) {\n  buffer += chunk;';
    await page.evaluate((text) => window.askModelHarness.post({ type: 'delta', turnId: 's1', text, reasoning: '' }), partial);
    await page.evaluate(() => window.askModelHarness.frames(2));
    await page.screenshot({ path: path.join(outDir, 'chat-dark-streaming.png') });
    await page.close();
    process.stdout.write(`screenshots in ${path.relative(process.cwd(), outDir)}/\n`);
  } finally {
    await harness.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
