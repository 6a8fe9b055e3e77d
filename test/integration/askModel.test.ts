// "Ask Model" end to end inside a real extension host, against the reference server: what is sent, what lands in
// the answer document, cancelling, errors and their fixes, keys per server, settings applied without a reload.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { faultTurn, textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection, until } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';
import { reportLine } from './support/testReport';

interface AskResult {
  status: 'done' | 'stopped' | 'error' | 'cancelled';
  document?: vscode.Uri;
  answer?: string;
  footer?: string;
  error?: { message: string; actions: string[] };
  edits?: number;
}

const KEY = 'sk-integration-test-key-000111';
const CANARY = 'sk-canary-integration-9d8c7b6a5f4e3d2c';

const ask = (question: string): Thenable<AskResult> => vscode.commands.executeCommand<AskResult>('askModel.ask', { question });
const documentText = (result: AskResult): string => {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === result.document?.toString());
  assert.ok(document, 'the answer document is open');
  return document.getText();
};
const lastBody = (server: ReferenceServer): Record<string, unknown> => server.requests.at(-1)?.body as Record<string, unknown>;

describe('Ask Model in a real extension host', function () {
  this.timeout(30_000);
  const keyed = useReferenceServer({ apiKey: KEY, model: 'keyed-model' });
  const open = useReferenceServer({ model: 'open-model' });
  useSettings(() => ({ baseUrl: open().url, model: 'open-model' }));

  before(async () => {
    const { activationMs } = await activateExtension();
    reportLine(`      activate() took ${activationMs.toFixed(2)} ms inside the extension host`);
  });
  beforeEach(async () => {
    await openWithSelection('hello.ts', [1, 3]);
  });
  afterEach(closeAllEditors);

  it('registers every contributed command', async () => {
    const extension = vscode.extensions.getExtension('ask-model.ask-model');
    const contributed = (extension?.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(contributed.filter((c) => !registered.has(c)), []);
    assert.ok(contributed.length >= 7);
  });

  it('streams exactly the server\'s text into a Markdown document beside the code, with a footer', async () => {
    const answer = 'The function greets **by name**.\n\n```ts\nhello("x")\n```\nÜnïcödé ok.';
    open().script(textTurn(answer, { chunks: 40, responseMs: 321 }));
    const result = await ask('What does this do?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.equal(result.answer, answer);
    const text = documentText(result);
    assert.ok(text.includes(answer), text);
    assert.match(text, /model open-model · tokens \d+\/\d+\/\d+ \(prompt\/completion\/total\) · first token .* · total .* · server 321 ms/);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === result.document?.toString());
    assert.equal(doc?.languageId, 'markdown');
    const body = lastBody(open());
    const messages = body['messages'] as { role: string; content: string }[];
    assert.equal(messages[0]?.role, 'system');
    assert.equal(messages[1]?.role, 'user');
    assert.match(messages[1]?.content ?? '', /^What does this do\?\n\nhello\.ts, lines 1–3:\n```typescript\n/);
    assert.equal(body['stream'], true);
    assert.deepEqual(body['metadata'], { generation_name: 'ask-model' });
  });

  it('the answer is a read-only document, never unsaved (it closes without a question); Save Answer As keeps it', async () => {
    const answer = 'Kept **exactly**.\n\nÜnïcödé.';
    open().script(textTurn(answer, { chunks: 5 }));
    const result = await ask('Keep this?');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === result.document?.toString());
    assert.ok(doc, 'the answer is open');
    assert.equal(doc.uri.scheme, 'ask-model-answer');
    assert.equal(doc.isUntitled, false);
    assert.equal(doc.isDirty, false, 'nothing to save: closing it asks nothing');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const target = vscode.Uri.joinPath(folder, 'saved-answer.md');
    const saved = await vscode.commands.executeCommand<vscode.Uri | undefined>('askModel.saveAnswer', doc.uri, target);
    assert.equal(saved?.toString(), target.toString());
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), doc.getText(), 'the file holds the answer as shown, footer included');
    await vscode.workspace.fs.delete(target);
  });

  it('batches document edits: far fewer than the chunks, never one per token (the rate is logged)', async () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    open().script(faultTurn({ type: 'slowDrip', delayMs: 3 }, textTurn(words, { chunks: 200 })));
    const started = Date.now();
    const result = await ask('Stream many chunks');
    const elapsed = Date.now() - started;
    assert.equal(result.status, 'done');
    assert.equal(result.answer, words);
    const edits = result.edits ?? 0;
    // The document is written at most once every 50 ms (answerDocument.ts): a rate, so a line in the report, not an
    // assertion on the time measured here.
    reportLine(`      200 chunks in ${elapsed} ms took ${edits} document edits (${(elapsed / Math.max(edits, 1)).toFixed(0)} ms per edit)`);
    assert.ok(edits >= 1, 'the answer was written');
    assert.ok(edits < 50, `far fewer edits than chunks: ${edits}`);
  });

  it('Stop aborts mid-stream and keeps the partial text, marked as stopped', async () => {
    open().script(faultTurn({ type: 'stall', afterChunks: 4 }, textTurn('alpha beta gamma delta epsilon zeta eta theta', { chunks: 8 })));
    const pending = ask('Slow question');
    await until(() => vscode.workspace.textDocuments.find((d) => d.languageId === 'markdown' && d.getText().includes('alpha')), 'partial text in the answer');
    const stopped = await vscode.commands.executeCommand<number>('askModel.stop');
    assert.equal(stopped, 1);
    const result = await pending;
    assert.equal(result.status, 'stopped');
    assert.ok(result.answer && result.answer.length > 0 && 'alpha beta gamma delta epsilon zeta eta theta'.startsWith(result.answer));
    assert.match(documentText(result), /_\(stopped: the answer above is partial\)_/);
  });

  it('a 401 offers Set API Key; with the key set, it is sent as a Bearer token', async () => {
    await configure({ baseUrl: keyed().url, model: 'keyed-model' });
    await vscode.commands.executeCommand('askModel.clearApiKey');
    const refused = await ask('Who am I?');
    assert.equal(refused.status, 'error');
    assert.ok(refused.error?.actions.includes('set-api-key'), JSON.stringify(refused.error));
    assert.match(refused.error?.message ?? '', /^401 from .*none is set.*Store a key for this server\.$/);
    assert.equal(keyed().requests.at(-1)?.headers['authorization'], undefined);

    assert.equal(await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY }), true);
    const accepted = await ask('Who am I now?');
    assert.equal(accepted.status, 'done', JSON.stringify(accepted.error));
    assert.equal(keyed().requests.at(-1)?.headers['authorization'], `Bearer ${KEY}`);
  });

  it('keeps one key per server: another base URL does not get it; the same server via /v1 does', async () => {
    await configure({ baseUrl: keyed().url, model: 'keyed-model' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY });
    await configure({ baseUrl: open().url, model: 'open-model' });
    assert.equal((await ask('To the open server')).status, 'done');
    assert.equal(open().requests.at(-1)?.headers['authorization'], undefined, 'the key stayed with its own server');
    await configure({ baseUrl: `${keyed().url}/v1/`, model: 'keyed-model' });
    assert.equal((await ask('Back to the keyed server, spelled differently')).status, 'done');
    assert.equal(keyed().requests.at(-1)?.headers['authorization'], `Bearer ${KEY}`);
    await vscode.commands.executeCommand('askModel.clearApiKey');
    assert.equal((await ask('After clearing')).status, 'error');
  });

  it('sends metadata, extra body and headers exactly as configured', async () => {
    await configure({
      'metadata.tags': ['team-web', 'vscode'],
      'metadata.traceUserId': 'dev@example.com',
      extraBody: { temperature: 0.1, contents: [] },
      headers: { 'X-Team': 'web' },
      stream: false,
    });
    const result = await ask('Metadata please');
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    const recorded = open().requests.at(-1);
    const body = recorded?.body as Record<string, unknown>;
    assert.deepEqual(body['metadata'], { tags: ['team-web', 'vscode'], generation_name: 'ask-model', trace_user_id: 'dev@example.com' });
    assert.equal(body['temperature'], 0.1);
    assert.deepEqual(body['contents'], []);
    assert.equal(body['stream'], false);
    assert.equal(recorded?.headers['x-team'], 'web');
  });

  it('applies a settings change to the very next request', async () => {
    await ask('First');
    assert.equal(lastBody(open())['model'], 'open-model');
    await configure({ model: 'another-model', 'metadata.generationName': 'custom-name', systemPrompt: '' });
    await ask('Second');
    const body = lastBody(open());
    assert.equal(body['model'], 'another-model');
    assert.deepEqual(body['metadata'], { generation_name: 'custom-name' });
    assert.equal((body['messages'] as { role: string }[])[0]?.role, 'user', 'an empty system prompt sends none');
  });

  it('an invalid setting is reported with its name, and nothing is sent', async () => {
    await configure({ extraBody: { stream: false } });
    const result = await ask('Bad settings');
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', /askModel\.extraBody/);
    assert.equal(open().requests.length, 0);
  });

  it('with no selection sends the whole file and says so', async () => {
    await openWithSelection('hello.ts');
    const result = await ask('Whole file?');
    assert.equal(result.status, 'done');
    const user = (lastBody(open())['messages'] as { content: string }[]).at(-1)?.content ?? '';
    assert.match(user, /hello\.ts \(whole file\):/);
    assert.match(documentText(result), /whole file/);
  });

  it('Test Connection reports the URL, the models and the latency', async () => {
    const report = await vscode.commands.executeCommand<{ ok: boolean; url: string; models?: string[]; answerMs?: number }>('askModel.testConnection');
    assert.equal(report.ok, true, JSON.stringify(report));
    assert.equal(report.url, `${open().url}/v1/chat/completions`);
    assert.deepEqual(report.models, ['open-model']);
    assert.ok((report.answerMs ?? -1) >= 0);
    assert.equal((lastBody(open())['max_tokens'] as number), 1);
  });

  it('Select Model writes the setting', async () => {
    await vscode.commands.executeCommand('askModel.selectModel', { model: 'picked-model' });
    assert.equal(vscode.workspace.getConfiguration('askModel').get('model'), 'picked-model');
  });

  it('a canary key appears nowhere in settings or on disk in the user data (logs included)', async () => {
    await configure({ baseUrl: keyed().url, model: 'keyed-model' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: CANARY });
    keyed().script(faultTurn({ type: 'status', status: 401, body: 'openai', message: `Incorrect API key provided: ${CANARY}` }));
    const result = await ask('Leak test');
    assert.equal(result.status, 'error');
    assert.ok(!JSON.stringify(result).includes(CANARY), 'the error result');
    assert.ok(!documentText(result).includes(CANARY), 'the answer document');
    const config = vscode.workspace.getConfiguration('askModel');
    assert.ok(!JSON.stringify(config).includes(CANARY), 'the settings');
    const userData = process.env['ASK_MODEL_TEST_USER_DATA'];
    assert.ok(userData && fs.existsSync(userData), 'ASK_MODEL_TEST_USER_DATA names the user data folder');
    // The marker proves the scan reads our log: only the Ask Model log line for a request contains it.
    const marker = 'ask-model (profile Default): model keyed-model, stream true';
    const scan = (): { marker: string | undefined; leaks: string[] } => {
      let markerFile: string | undefined;
      const leaks: string[] = [];
      for (const file of fs.readdirSync(userData, { recursive: true, encoding: 'utf8' })) {
        const full = path.join(userData, file);
        if (!fs.statSync(full).isFile()) continue;
        const bytes = fs.readFileSync(full);
        if (bytes.includes(marker)) markerFile = file;
        if (bytes.includes(CANARY)) leaks.push(file);
      }
      return { marker: markerFile, leaks };
    };
    const scanned = await until(() => {
      const s = scan();
      return s.marker ? s : undefined;
    }, 'the Ask Model log to reach the disk');
    reportLine(`      scanned the user data; the Ask Model log is ${scanned.marker}`);
    assert.deepEqual(scanned.leaks, []);
    await vscode.commands.executeCommand('askModel.clearApiKey');
  });
});
