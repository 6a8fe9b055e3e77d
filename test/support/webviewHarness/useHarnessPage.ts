// The webview tier's set-up, once: one harness (the built view's server and Chromium) for a describe block, a fresh tab
// of the view before each test with a first host message posted and the view's own `ready` taken away, and after each
// test the check that nothing broke the host's CSP. Call it inside `describe`.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { HostMessage } from '../../../src/core/chat/webviewProtocol';
import { openHarness, type Harness, type PageOptions } from './openHarness';

/** A message the view posted, as the harness recorded it. */
export type PostedMessage = { type: string; [key: string]: unknown };

export interface HarnessPageOptions extends Pick<PageOptions, 'persist'> {
  /** Posted to each fresh tab before the test (a `state`, usually). */
  first: () => HostMessage;
  /** Animation frames to wait after each post (the view renders on frames). */
  framesAfterPost?: number;
}

export interface HarnessPageHandle {
  /** This test's tab. */
  readonly page: Page;
  /** Posts a host message to the view and waits the frames it needs to render it. */
  post(message: HostMessage): Promise<void>;
  /** What the view posted since the last call (its `ready` excluded). */
  posted(): Promise<PostedMessage[]>;
}

export function useHarnessPage(options: HarnessPageOptions): HarnessPageHandle {
  let harness: Harness | undefined;
  let current: Page | undefined;
  const frames = options.framesAfterPost ?? 2;
  const page = (): Page => {
    if (!current) throw new Error('no harness tab is open (its beforeEach hook failed)');
    return current;
  };
  const handle: HarnessPageHandle = {
    get page() {
      return page();
    },
    async post(message) {
      await page().evaluate((value) => window.askModelHarness.post(value), message);
      await page().evaluate((count) => window.askModelHarness.frames(count), frames);
    },
    posted() {
      return page().evaluate(() => window.askModelHarness.posts.splice(0).filter((post) => (post as { type: string }).type !== 'ready')) as Promise<PostedMessage[]>;
    },
  };
  before(async () => {
    harness = await openHarness();
  });
  after(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    if (!harness) throw new Error('the harness did not open (its before hook failed)');
    ({ page: current } = await harness.openPage(options.persist ? { persist: true } : {}));
    await handle.post(options.first());
    await handle.posted();
  });
  afterEach(async () => {
    const violations = await page().evaluate(() => window.askModelHarness.cspViolations);
    await page().close();
    current = undefined;
    assert.deepEqual(violations, [], 'no CSP violations');
  });
  return handle;
}
