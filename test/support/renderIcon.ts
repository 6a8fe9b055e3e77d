// Renders media/icon.svg (the source) to media/icon.png (the Marketplace wants a PNG of at least 128 px) with the
// Chromium the test host already has, so the PNG can be made again after an edit without any image tool:
//   node --import tsx test/support/renderIcon.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './host/browser';
import { repoRoot } from './host/buildIntegrationTests';
import { readTestHost } from './host/testHost';

const SIZE = 256;

async function main(): Promise<void> {
  const svg = fs.readFileSync(path.join(repoRoot, 'media', 'icon.svg'), 'utf8');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-icon-'));
  const browser = await launchChromium({ executablePath: readTestHost().chromium, userDataDir: scratch });
  try {
    const page = await browser.newPage();
    await page.setViewportSize({ width: SIZE, height: SIZE });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg}`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    fs.writeFileSync(path.join(repoRoot, 'media', 'icon.png'), png);
    console.log(`media/icon.png: ${png.length} bytes, ${SIZE}×${SIZE}`);
  } finally {
    await browser.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

void main();
