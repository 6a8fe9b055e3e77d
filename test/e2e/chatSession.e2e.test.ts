// The chat panel across what changes under it: the server (a 401 from a server that wants a key, offering Set API
// Key) and the window (a reload keeps the conversation). Same accessibility contract as chat.e2e.test.ts.
import assert from 'node:assert/strict';
import { alerts, answerText, assistantMessages, button, lastFinishedAnswer, openChat, sendMessage, userMessages } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { applySettings } from '../support/e2e/settingsFile';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { textTurn, type ReferenceServer } from '../support/referenceServer';

const MODEL = 'chat-model';
const KEYED_MODEL = 'keyed-model';
const chatRequests = (server: ReferenceServer) => server.requests.filter((request) => request.path.endsWith('/chat/completions'));

describe('The chat panel across a server change and a reload (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  const keyed = useReferenceServer({ model: KEYED_MODEL, apiKey: 'sk-e2e-key-never-set-000' });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0 },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => {
    server().reset();
    keyed().reset();
  });

  it('keeps the conversation across a window reload', async () => {
    const { session } = workbench;
    server().script(textTurn('Walrus noted.'));
    await sendMessage(chat.view, 'Remember the walrus.');
    await lastFinishedAnswer(chat.view);

    await session.reload();
    await openChat(session.page);
    const walrus = userMessages(chat.view).filter({ hasText: 'Remember the walrus.' });
    // The chat reopens on the last conversation; if it starts a new one, the old one must be in History.
    try {
      await walrus.waitFor({ timeout: 5_000 });
    } catch {
      await button(chat.view, 'History').click();
      await chat.view.getByRole('button', { name: /Remember the walrus/ }).first().click();
      await walrus.waitFor();
    }
    assert.match(await answerText(assistantMessages(chat.view).last()), /Walrus noted\./);
  });

  it('a 401 shows an alert that names it and offers Set API Key (last: it leaves the keyed server configured)', async () => {
    const { page, session } = workbench;
    await applySettings(page, session.settings, { 'askModel.baseUrl': keyed().url, 'askModel.model': KEYED_MODEL });
    await sendMessage(chat.view, 'Who am I?');
    const alert = alerts(chat.view).first();
    await alert.waitFor();
    assert.match(await alert.innerText(), /401/);
    await button(alert, 'Set API Key').waitFor();
    assert.equal(chatRequests(keyed()).length, 1);
    assert.equal(chatRequests(keyed())[0]?.headers['authorization'], undefined, 'no key was sent');
    assert.equal(chatRequests(server()).length, 0, 'the new base URL applied to the very next message');
    await screenshot(page, 'chat-401-alert');
  });
});
