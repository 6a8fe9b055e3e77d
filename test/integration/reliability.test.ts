// Faults through the real extension, streamed and not: an error status (one representative each way; every status and
// body shape is mapped in test/unit/errors.test.ts), a reset mid-stream, silence past the idle time-out, a garbage line,
// no [DONE], a 5 MB answer, tool-call arguments in 1,000 fragments, and 20 requests in a row while the user types. Each
// must end with a clear message, the partial answer kept, the prompt kept for Retry, and no unhandled rejection. How
// long the extension host took to answer a command meanwhile is logged: a figure of speed is a line in the report (or
// a bench row), never an assertion.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { faultTurn, textTurn, toolCallsTurn, type ErrorBodyShape, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';
import { reportLine } from './support/testReport';

interface AskResult {
  status: string;
  answer?: string;
  document?: vscode.Uri;
  error?: { message: string; actions: string[] };
}

const ask = (question: string): Thenable<AskResult> => vscode.commands.executeCommand<AskResult>('askModel.ask', { question });

/** How long the extension host takes to run one of our commands while `work` is in flight (sampled every 50 ms; logged). */
async function worstCommandLatency<T>(work: Promise<T>): Promise<{ result: T; worstMs: number }> {
  let worstMs = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const started = performance.now();
      await vscode.commands.executeCommand('askModel.acceptEdit'); // answers false at once when nothing waits
      worstMs = Math.max(worstMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await work;
  done = true;
  await sampling;
  return { result, worstMs };
}

describe('reliability through the real extension', function () {
  this.timeout(120_000);
  const server = useReferenceServer({ model: 'fault-model' });
  useSettings(() => ({ baseUrl: server().url, model: 'fault-model', maxRetries: 0 }));
  let worstLatencyMs = 0;

  before(activateExtension);
  after(() => {
    reportLine(`      worst command latency while requests were in flight: ${worstLatencyMs.toFixed(1)} ms`);
  });
  beforeEach(async () => {
    await openWithSelection('hello.ts', [2, 4]);
  });
  afterEach(closeAllEditors);

  // One representative of each mode: the status-to-message mapping over every status and body shape is the unit tier's.
  const statusFaults: { stream: boolean; status: number; body: ErrorBodyShape; retryAfter?: string; action: string; says?: RegExp }[] = [
    { stream: true, status: 401, body: 'openai', action: 'set-api-key' },
    { stream: false, status: 429, body: 'html', retryAfter: '7', action: 'retry', says: /Retry in 7 s/ },
  ];
  it('an error status gives the status, the server\'s words and a fix (a 401 streamed, a 429 with an HTML page not streamed)', async () => {
    for (const { stream, status, body, retryAfter, action, says } of statusFaults) {
      await configure({ stream });
      const words = `fault ${status} ${body}`;
      server().script(faultTurn({ type: 'status', status, body, message: words, ...(retryAfter ? { retryAfter } : {}) }));
      const { result, worstMs } = await worstCommandLatency(Promise.resolve(ask(`q ${status} ${body}`)));
      worstLatencyMs = Math.max(worstLatencyMs, worstMs);
      const where = `${status}/${body} (${stream ? 'streamed' : 'not streamed'})`;
      assert.equal(result.status, 'error', where);
      assert.match(result.error?.message ?? '', new RegExp(`^${status} from http://127\\.0\\.0\\.1:\\d+/v1/chat/completions: `), where);
      assert.ok(result.error?.message.includes(words), `${where}: the server's words in "${result.error?.message}"`);
      assert.ok(result.error?.actions.includes(action), `${where}: ${action} is offered: ${JSON.stringify(result.error?.actions)}`);
      if (says) assert.match(result.error?.message ?? '', says, where);
      reportLine(`      ${where}: worst command latency ${worstMs.toFixed(1)} ms`);
    }
  });

  const streamFaults: { name: string; turn: Parameters<ReferenceServer['script']>[0]; settings?: Record<string, unknown>; expect: RegExp | 'done' }[] = [
    { name: 'a reset mid-stream', turn: faultTurn({ type: 'resetMidStream', afterChunks: 4 }, textTurn('one two three four five six seven eight', { chunks: 8 })), expect: /connection .* lost|closed/i },
    { name: 'silence past the idle time-out', turn: faultTurn({ type: 'stall', afterChunks: 4 }, textTurn('one two three four five six seven eight', { chunks: 8 })), settings: { 'timeouts.idleSeconds': 0.5 }, expect: /stalled/ },
    { name: 'a garbage data line', turn: faultTurn({ type: 'garbageLine', afterChunks: 4 }, textTurn('one two three four five six seven eight', { chunks: 8 })), expect: /not JSON/ },
    { name: 'an error event mid-stream', turn: faultTurn({ type: 'errorEvent', afterChunks: 4, style: 'event', message: 'overloaded upstream' }, textTurn('one two three four five six seven eight', { chunks: 8 })), expect: /overloaded upstream/ },
    { name: 'no [DONE]', turn: faultTurn({ type: 'noDone' }, textTurn('complete anyway', { chunks: 3 })), expect: 'done' },
  ];
  for (const fault of streamFaults) {
    it(`${fault.name}: a clear message and the partial answer kept`, async () => {
      await configure(fault.settings ?? {});
      server().script(fault.turn);
      const { result, worstMs } = await worstCommandLatency(Promise.resolve(ask(fault.name)));
      worstLatencyMs = Math.max(worstLatencyMs, worstMs);
      reportLine(`      ${fault.name}: worst command latency ${worstMs.toFixed(1)} ms`);
      if (fault.expect === 'done') {
        assert.equal(result.status, 'done', JSON.stringify(result.error));
        return;
      }
      assert.equal(result.status, 'error');
      assert.match(result.error?.message ?? '', fault.expect);
      assert.ok((result.answer ?? '').length > 0, 'the partial answer is kept');
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === result.document?.toString());
      assert.ok(document?.getText().includes(result.answer ?? '\u0000'), 'and it is in the answer document');
      assert.ok(result.error?.actions.includes('retry'), 'Retry is offered (the question is kept)');
    });
  }

  it('a 5 MB answer streams into the editor, whole', async () => {
    server().script(faultTurn({ type: 'hugeAnswer', bytes: 5_000_000 }));
    const started = Date.now();
    const { result, worstMs } = await worstCommandLatency(Promise.resolve(ask('huge')));
    worstLatencyMs = Math.max(worstLatencyMs, worstMs);
    assert.equal(result.status, 'done', JSON.stringify(result.error));
    assert.ok((result.answer?.length ?? 0) >= 4_900_000, `answer length ${result.answer?.length}`);
    reportLine(`      5 MB answer in ${Date.now() - started} ms; worst command latency ${worstMs.toFixed(1)} ms`);
  });

  it('tool-call arguments in 1,000 fragments are assembled and run', async () => {
    server().script(toolCallsTurn([{ name: 'read_file', arguments: JSON.stringify({ path: 'hello.ts', start_line: 1, end_line: 2 }), id: 'c_frag' }], { fragments: 1000 }), textTurn('ok'));
    const result = await vscode.commands.executeCommand<{ status: string; calls?: Record<string, number> }>('askModel.editSelection', { instruction: 'read it' });
    assert.equal(result.status, 'done');
    assert.deepEqual(result.calls, { done: 1 });
    const messages = (server().requests.at(-1)?.body as { messages: { role: string; content: string }[] }).messages;
    assert.match(messages.find((m) => m.role === 'tool')?.content ?? '', /1 \| \/\/ A small file/);
  });

  it('20 requests in a row while the user keeps typing: all answered, nothing typed is lost', async () => {
    const scratch = await vscode.workspace.openTextDocument({ language: 'plaintext', content: '' });
    await vscode.window.showTextDocument(scratch, vscode.ViewColumn.Two);
    let typed = '';
    let typing = true;
    // Typing into the document (answers open beside and may cover its editor; the buffer is what must not lose text).
    const typist = (async () => {
      for (let i = 0; typing; i++) {
        const text = `line ${i}\n`;
        const edit = new vscode.WorkspaceEdit();
        edit.insert(scratch.uri, scratch.lineAt(scratch.lineCount - 1).range.end, text);
        assert.ok(await vscode.workspace.applyEdit(edit), 'a keystroke was refused');
        typed += text;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    for (let i = 0; i < 20; i++) {
      server().script(textTurn(`answer ${i}`, { chunks: 4 }));
      await openWithSelection('hello.ts', [1, 2]);
      const result = await ask(`question ${i}`);
      assert.equal(result.status, 'done', `request ${i}: ${JSON.stringify(result.error)}`);
      assert.equal(result.answer, `answer ${i}`);
    }
    typing = false;
    await typist;
    assert.equal(scratch.getText(), typed, 'every keystroke is in the document');
    await vscode.window.showTextDocument(scratch);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('no unhandled promise rejection from Ask Model in the extension host log', async () => {
    const userData = process.env['ASK_MODEL_TEST_USER_DATA'];
    assert.ok(userData, 'ASK_MODEL_TEST_USER_DATA names the user data folder');
    const files = fs.readdirSync(userData, { recursive: true, encoding: 'utf8' });
    // Desktop VS Code writes exthost.log; code-server's remote host writes remoteexthost.log.
    const logs = files.filter((file) => /exthost\d*[\\/](remote)?exthost\.log$/.test(file));
    assert.ok(logs.length > 0, `found the extension host log among ${files.filter((f) => f.endsWith('.log')).join(', ')}`);
    const unhandled = logs
      .flatMap((file) => fs.readFileSync(path.join(userData, file), 'utf8').split('\n'))
      .filter((line) => /unhandled|rejected promise not handled/i.test(line) && /ask-model|askModel/i.test(line));
    assert.deepEqual(unhandled, []);
  });
});
