// The network as companies have it, in a real extension host: an HTTPS server whose certificate comes from a
// certificate authority nobody trusts gets the error that says what is wrong and how to fix it. (The launcher makes
// the authorities for the run; see runIntegrationTests.ts.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { startReferenceServer, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection, resetSettings } from './support/extensionFixture';

interface AskResult {
  status: string;
  answer?: string;
  error?: { message: string };
}

const ask = (question: string): Thenable<AskResult> => vscode.commands.executeCommand<AskResult>('askModel.ask', { question });

function tlsOf(name: 'untrusted'): { key: string; cert: string } {
  const dir = process.env.ASK_MODEL_TEST_TLS_DIR;
  assert.ok(dir, 'the launcher made the certificate authorities (ASK_MODEL_TEST_TLS_DIR)');
  return { key: fs.readFileSync(path.join(dir, `${name}-server.key`), 'utf8'), cert: fs.readFileSync(path.join(dir, `${name}-server.pem`), 'utf8') };
}

describe('network: certificates in a real extension host', function () {
  this.timeout(30_000);
  let untrusted: ReferenceServer;

  before(async () => {
    await activateExtension();
    untrusted = await startReferenceServer({ tls: tlsOf('untrusted'), model: 'tls-model' });
  });
  after(async () => {
    await resetSettings();
    await untrusted.close();
  });
  beforeEach(async () => {
    await resetSettings();
    await openWithSelection('hello.ts', [1, 3]);
  });
  afterEach(closeAllEditors);

  it('an authority this machine does not trust: nothing is sent, and the error names the problem and the fix', async () => {
    await configure({ baseUrl: untrusted.url, model: 'tls-model', maxRetries: 0 });
    const result = await ask('Secure?');
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', /^The certificate of localhost is not trusted \(\w+\).*http\.systemCertificates.*NODE_EXTRA_CA_CERTS/);
    assert.equal(untrusted.requests.length, 0, 'no request reached the server');
  });
});
