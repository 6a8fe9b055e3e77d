// The chat panel against a real OpenAI-compatible server: the llama.cpp peer of ../shared/peer, or the server named
// by ASK_MODEL_PEER_URL. Skipped when there is none, except with CI=true, where a missing peer fails.
//
// The peer runs with one slot of 8,192 tokens (startPeer's `contextTokens`), not the shared script's two of 2,048: the
// tiny model's vocabulary is about one token per character, so a request with our seven tool definitions is 4,625
// tokens there and the script's slot answers 400 "exceeds the available context size".
//
// With tools off the tiny model answers "Hello! I am a tiny test model." With tools on it calls one of them (not the
// first in the list: its greedy pick among tool names is the one the grammar lets it spell with the highest
// characters, search_text of our seven), always with the string "Paris" and no optional arguments; the extension runs
// it against the workspace, and once the tool's result is in the history the model answers "Done."
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alerts, answerText, lastFinishedAnswer, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { applySettings } from '../support/e2e/settingsFile';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { FIXTURE_WORKSPACE } from '../support/e2e/workbenchSession';
import { startPeer, TINY_MODEL_CONTEXT_TOKENS, type Peer } from '../support/peer/startPeer';

/** The one line of the workspace the tiny model's search for "Paris" finds. */
const CAPITALS = 'Paris is the capital of France.\n';

describe('The chat panel against the llama.cpp peer (e2e)', function () {
  let peer: Peer | undefined;
  let workspace: string | undefined;
  before(async function () {
    this.timeout(240_000); // a first run unpacks llama-server and builds the tiny model
    const started = await startPeer({ contextTokens: TINY_MODEL_CONTEXT_TOKENS });
    if ('unavailable' in started) {
      if (process.env['CI'] === 'true') throw new Error(started.unavailable);
      console.log(`      skipped: ${started.unavailable}`);
      this.skip();
    }
    peer = started;
  });
  after(async () => {
    await peer?.stop();
    if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
  });
  const workbench = useWorkbench(() => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-peer-workspace-'));
    fs.cpSync(FIXTURE_WORKSPACE, workspace, { recursive: true });
    fs.writeFileSync(path.join(workspace, 'capitals.md'), CAPITALS);
    return {
      workspace,
      settings: {
        'askModel.baseUrl': peer?.baseUrl,
        'askModel.model': peer?.model,
        'askModel.tools.enabled': false,
        // The tiny model's window is 8K; with every workspace tool's definition (run_command's too) the request and the
        // default room kept for its answer no longer fit, as a user of such a model would set it: a shorter answer.
        ...(peer ? { 'askModel.modelOverrides': { [peer.model]: { maxOutputTokens: 1024 } } } : {}),
      },
      waitForActivation: false, // opening the chat activates the extension
    };
  });
  const chat = useChatPanel(workbench);

  let toolsEnabled = false;
  /** Turns the workspace tools on or off through the settings editor, when they are not already. */
  async function useTools(enabled: boolean): Promise<void> {
    if (toolsEnabled === enabled) return;
    await applySettings(workbench.page, workbench.session.settings, { 'askModel.tools.enabled': enabled });
    toolsEnabled = enabled;
  }

  it('answers from the real llama.cpp server', async function () {
    this.timeout(120_000);
    if (!peer) this.skip();
    await useTools(false);
    await sendMessage(chat.view, 'Hello');
    const done = await lastFinishedAnswer(chat.view, 90_000);
    const text = await answerText(done);
    if (peer.deterministic) assert.equal(text, 'Hello! I am a tiny test model.');
    else assert.ok(text.length > 0, 'some answer');
    assert.equal(await alerts(chat.view).count(), 0);
    assert.match(await done.innerText(), new RegExp(`model ${peer.model}`));
    await screenshot(workbench.page, 'chat-llama-peer');
  });

  it('runs the tool the real server calls, sends back its result and shows the final answer', async function () {
    this.timeout(180_000);
    if (!peer) this.skip();
    await useTools(true);
    await sendMessage(chat.view, 'Search the workspace for the word Paris with a tool, then say "Done."');
    const done = await lastFinishedAnswer(chat.view, 150_000);
    assert.equal(await alerts(chat.view).count(), 0, `no error: ${await done.innerText()}`);
    const cards = done.getByRole('listitem');
    if (peer.deterministic) {
      assert.equal(await cards.count(), 1, 'one tool call');
      const card = cards.first();
      assert.equal(await card.getAttribute('aria-label'), 'Tool call search_text "Paris": Done');
      assert.equal(await card.locator('.tool-name').innerText(), 'search_text');
      assert.equal(await card.locator('.tool-status').innerText(), 'Done');
      assert.equal(await card.locator('.tool-preview').innerText(), '1 match(es)', 'the search ran over the workspace and found capitals.md');
      assert.equal(await answerText(done), 'Done.');
    } else {
      assert.ok((await answerText(done)).length > 0, 'some answer');
      for (const label of await cards.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''))) {
        assert.match(label, /: (Done|Failed)$/, `every call ran: ${label}`);
      }
    }
    assert.match(await done.innerText(), new RegExp(`model ${peer.model}`));
    await screenshot(workbench.page, 'chat-llama-peer-tool-round-trip');
  });
});
