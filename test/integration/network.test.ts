// The network as companies have it, in a real extension host. HTTPS from a certificate authority made for this run and
// trusted only through NODE_EXTRA_CA_CERTS (the launcher starts VS Code with it, as a user whose company hands out its
// authority's PEM file would); one from an authority nobody trusts, with the error that says how to fix it; and VS
// Code's http.proxy and http.noProxy settings, through a local proxy that records what passed. The proxied server is
// named models.example.test, a name only the proxy resolves (to loopback), as a company's proxy resolves its
// servers: VS Code sends localhost and 127.0.0.1 direct whatever http.proxy says.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import * as vscode from 'vscode';
import { PROXIED_HOST_NAME } from '../support/network/throwawayCa';
import { startRecordingProxy, type RecordingProxy } from '../support/network/recordingProxy';
import { textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection, settleLanguageModels } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface AskResult {
  status: string;
  answer?: string;
  error?: { message: string };
}

const ask = (question: string): Thenable<AskResult> => vscode.commands.executeCommand<AskResult>('askModel.ask', { question });

function tlsDir(): string {
  const dir = process.env.ASK_MODEL_TEST_TLS_DIR;
  assert.ok(dir, 'the launcher made the certificate authorities (ASK_MODEL_TEST_TLS_DIR)');
  return dir;
}

function serverTls(name: 'trusted' | 'untrusted'): { key: string; cert: string } {
  return { key: fs.readFileSync(path.join(tlsDir(), `${name}-server.key`), 'utf8'), cert: fs.readFileSync(path.join(tlsDir(), `${name}-server.pem`), 'utf8') };
}

/** The same server under the name only the proxy resolves. */
function proxiedUrl(server: ReferenceServer): string {
  const url = new URL(server.url);
  url.hostname = PROXIED_HOST_NAME;
  return url.origin;
}

async function setHttp(values: { proxy?: string; noProxy?: string[] }): Promise<void> {
  const http = vscode.workspace.getConfiguration('http');
  for (const key of ['proxy', 'noProxy'] as const) await http.update(key, values[key], vscode.ConfigurationTarget.Global);
}

describe('network: certificates and proxies in a real extension host', function () {
  this.timeout(30_000);
  let proxy: RecordingProxy;
  // Their options are read when they start: the certificates are the launcher's, named by the environment.
  const trusted = useReferenceServer(() => ({ tls: serverTls('trusted'), model: 'tls-model' }));
  const untrusted = useReferenceServer(() => ({ tls: serverTls('untrusted'), model: 'tls-model' }));
  const plain = useReferenceServer({ model: 'plain-model' });
  useSettings();

  before(async () => {
    await activateExtension();
    proxy = await startRecordingProxy({ hosts: { [PROXIED_HOST_NAME]: '127.0.0.1' } });
  });
  after(async () => {
    await setHttp({});
    await proxy.close();
  });
  beforeEach(async () => {
    await setHttp({});
    proxy.passed.length = 0;
    await openWithSelection('hello.ts', [1, 3]);
  });
  afterEach(closeAllEditors);

  it('HTTPS from an authority trusted only through NODE_EXTRA_CA_CERTS: the answer arrives', async () => {
    const caFile = process.env.NODE_EXTRA_CA_CERTS;
    assert.equal(caFile, path.join(tlsDir(), 'trusted-ca.pem'), 'the extension host was started with NODE_EXTRA_CA_CERTS naming the test authority');
    const ca = fs.readFileSync(caFile, 'utf8').trim();
    // tls.getCACertificates (Node 22.15+, newer than the @types/node this project builds with) reads the store VS Code
    // reads for http.systemCertificates; without it, the bundled roots are what there is to check.
    const { getCACertificates } = tls as { getCACertificates?: (store: 'system') => string[] };
    const systemStore = getCACertificates?.('system') ?? [];
    assert.ok(![...tls.rootCertificates, ...systemStore].some((pem) => pem.trim() === ca), 'neither Node’s bundled roots nor the system’s store hold the test authority');

    await configure({ baseUrl: trusted().url, model: 'tls-model', maxRetries: 0 });
    trusted().script(textTurn('Over TLS.'));
    const result = await ask('Secure?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(result.answer, 'Over TLS.');
  });

  it('an authority this machine does not trust: nothing is sent, and the error names the problem and the fix', async () => {
    await configure({ baseUrl: untrusted().url, model: 'tls-model', maxRetries: 0 });
    const result = await ask('Secure?');
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', /^The certificate of localhost is not trusted \(\w+\).*http\.systemCertificates.*NODE_EXTRA_CA_CERTS/);
    assert.equal(untrusted().requests.length, 0, 'no request reached the server');
  });

  it('http.proxy: HTTPS goes through the proxy as a CONNECT tunnel, with the authority still checked end to end', async () => {
    await setHttp({ proxy: proxy.url });
    await configure({ baseUrl: proxiedUrl(trusted()), model: 'tls-model', maxRetries: 0 });
    await settleLanguageModels();
    proxy.passed.length = 0;
    trusted().script(textTurn('TLS via the proxy.'));
    const result = await ask('Proxied and secure?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(result.answer, 'TLS via the proxy.');
    assert.deepEqual(proxy.passed, [`CONNECT ${new URL(proxiedUrl(trusted())).host}`]);
  });

  it('http.proxy: plain HTTP goes through the proxy as an absolute-URI request', async () => {
    await setHttp({ proxy: proxy.url });
    await configure({ baseUrl: proxiedUrl(plain()), model: 'plain-model', maxRetries: 0 });
    await settleLanguageModels();
    proxy.passed.length = 0;
    plain().script(textTurn('Via the proxy.'));
    const result = await ask('Proxied?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(result.answer, 'Via the proxy.');
    assert.deepEqual(proxy.passed, [`POST ${proxiedUrl(plain())}/v1/chat/completions`]);
    assert.equal(plain().requests.at(-1)?.headers.host, new URL(proxiedUrl(plain())).host, 'the server was asked under the name the client used');
  });

  it('http.noProxy: a listed host is reached directly, never through the proxy', async () => {
    await setHttp({ proxy: proxy.url, noProxy: [PROXIED_HOST_NAME] });
    await configure({ baseUrl: proxiedUrl(plain()), model: 'plain-model', maxRetries: 0 });
    const result = await ask('Direct?');
    // Only the proxy knows the name, so going direct ends at DNS: the proof that the proxy was left out.
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', new RegExp(`^Could not find the host "${PROXIED_HOST_NAME.replace(/\./g, '\\.')}"`));
    assert.deepEqual(proxy.passed, []);
  });

  it('http.proxy leaves loopback alone: a server on localhost is reached directly', async () => {
    await setHttp({ proxy: proxy.url });
    await configure({ baseUrl: trusted().url, model: 'tls-model', maxRetries: 0 });
    trusted().script(textTurn('Direct on loopback.'));
    const result = await ask('Local?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.deepEqual(proxy.passed, []);
  });
});
