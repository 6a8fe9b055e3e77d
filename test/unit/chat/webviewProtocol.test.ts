import assert from 'node:assert/strict';
import { isOpenableLink, parseHostMessage, parseViewMessage } from '../../../src/core/chat/webviewProtocol';

describe('chat view protocol', () => {
  it('accepts each well-formed view message', () => {
    for (const message of [
      { type: 'ready' },
      { type: 'send', text: 'hi' },
      { type: 'stop' },
      { type: 'retry' },
      { type: 'newChat' },
      { type: 'attachContext', kind: 'selection' },
      { type: 'removeContext', chipId: 'x' },
      { type: 'copyCode', code: 'x' },
      { type: 'insertCode', code: 'x' },
      { type: 'applyCode', code: 'x' },
      { type: 'openLink', href: 'https://example.com' },
      { type: 'openConversation', id: 'x' },
      { type: 'deleteConversation', id: 'x' },
      { type: 'errorAction', action: 'set-api-key' },
    ]) {
      assert.ok(parseViewMessage(message).ok, JSON.stringify(message));
    }
  });

  it('rejects messages of unexpected shape, naming the problem', () => {
    for (const message of [
      null,
      'ready',
      42,
      {},
      { type: 'runShell', command: 'rm -rf /' },
      { type: 'send' },
      { type: 'send', text: 7 },
      { type: 'send', text: 'x'.repeat(200_001) },
      { type: 'attachContext', kind: 'anything' },
      { type: 'errorAction', action: 'run-command' },
      { type: 'openLink', href: 'x'.repeat(9000) },
      ['ready'],
      { type: 'insertCode', code: 'x', path: '/etc/passwd' },
      { type: 'toolDecision', callId: 'c1', approved: true, force: true },
      { type: 'ready', extra: 1 },
    ]) {
      const parsed = parseViewMessage(message);
      assert.equal(parsed.ok, false, JSON.stringify(message)?.slice(0, 80));
      if (!parsed.ok) assert.ok(parsed.problem.length > 0);
    }
  });

  it('parses host messages too', () => {
    assert.ok(parseHostMessage({ type: 'delta', turnId: 't', text: 'a', reasoning: '' }).ok);
    assert.equal(parseHostMessage({ type: 'delta', turnId: 't' }).ok, false);
  });

  it('opens only http(s) and mailto links', () => {
    for (const href of ['https://example.com/a?b#c', 'http://localhost:3000', 'mailto:a@b.c']) assert.equal(isOpenableLink(href), true, href);
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'command:workbench.action.terminal.new', 'vscode://x', 'mailto:nobody', '//evil.com', 'not a url', 'https://'])
      assert.equal(isOpenableLink(href), false, href);
  });
});
