// The chat panel against a real OpenAI-compatible server: the llama.cpp peer of ../shared/peer (its tiny model answers
// "Hello! I am a tiny test model."), or the server named by ASK_MODEL_PEER_URL. Skipped when there is none, except
// with CI=true, where a missing peer fails.
//
// The workspace tools are off here: with them on, a chat request is about 4,600 tokens (their definitions), more
// than the tiny model's 2,048-token slot (llama-server -c 4096 -np 2), and the peer answers 400 "request (4625
// tokens) exceeds the available context size (2048 tokens)". The panel shows that error well; see the report.
import assert from 'node:assert/strict';
import { alerts, answerText, lastFinishedAnswer, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { startPeer, type Peer } from '../support/peer/startPeer';

describe('The chat panel against the llama.cpp peer (e2e)', function () {
  let peer: Peer | undefined;
  before(async function () {
    this.timeout(240_000); // a first run builds the tiny model
    const started = await startPeer();
    if ('unavailable' in started) {
      if (process.env['CI'] === 'true') throw new Error(started.unavailable);
      console.log(`      skipped: ${started.unavailable}`);
      this.skip();
    }
    peer = started;
  });
  after(async () => {
    await peer?.stop();
  });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': peer?.baseUrl, 'askModel.model': peer?.model, 'askModel.tools.enabled': false },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);

  it('answers from the real llama.cpp server', async function () {
    this.timeout(120_000);
    if (!peer) this.skip();
    await sendMessage(chat.view, 'Hello');
    const done = await lastFinishedAnswer(chat.view, 90_000);
    const text = await answerText(done);
    if (peer.deterministic) assert.equal(text, 'Hello! I am a tiny test model.');
    else assert.ok(text.length > 0, 'some answer');
    assert.equal(await alerts(chat.view).count(), 0);
    assert.match(await done.innerText(), new RegExp(`model ${peer.model}`));
    await screenshot(workbench.page, 'chat-llama-peer');
  });
});
