// What VS Code's chat learns of tokens from our provider, through the vscode shim, the session's real services and
// loopback servers: every answer ends with a `usage` data part holding the server's counts (what Copilot Chat's
// context-window indicator reads: microsoft/vscode extensions/copilot/src/platform/endpoint/vscode-node/
// extChatEndpoint.ts at commit 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd), none when the server counted nothing; and
// the token count is the server's own where it counts.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { loadRecordedCases } from '../../../../support/recorded/recordedCases';
import { replayTurn, startReferenceServer, textTurn, type ReferenceServer } from '../../../../support/referenceServer';
import { vscodeShim } from '../../../../support/vscodeShim';
import { AskModelLanguageModels } from '../../../../../src/host/features/languageModels/askModelLanguageModels';
import { estimateTextTokens } from '../../../../../src/core/context/estimateTokens';

const api = vscodeShim.api as {
  LanguageModelTextPart: new (value: string) => { value: string };
  LanguageModelDataPart: new (data: Uint8Array, mimeType: string) => { data: Uint8Array; mimeType: string };
};
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
const bytes = (text: string) => new TextEncoder().encode(text);
const user = (...content: unknown[]) => ({ role: 1, name: undefined, content });
const recorded = (name: string) => {
  const found = loadRecordedCases().find((entry) => entry.name === name);
  if (!found) throw new Error(`no recorded case ${name}`);
  return found;
};

describe('VS Code’s language models: the usage part and the token count (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let host: HostHarness;

  before(async () => {
    server = await startReferenceServer({ model: 'default-model' });
  });
  after(() => server.close());
  beforeEach(() => {
    server.reset();
    host = hostHarness();
    host.state.layers.user['askModel.baseUrl'] = server.url;
    host.state.layers.user['askModel.model'] = 'default-model';
  });
  afterEach(() => host.dispose());

  const models = () => new AskModelLanguageModels({ runs: host.platform.runs, clients: host.platform.clients, catalogues: host.platform.catalogues, contextMemories: host.platform.contextMemories, log: host.log, listChanged: () => undefined });
  const respond = async (messages: unknown[], provider = models()) => {
    const parts: unknown[] = [];
    await provider.respond({ profile: 'Default', model: 'default-model' } as never, messages as never, {} as never, { report: (part: unknown) => void parts.push(part) }, token as never);
    return parts;
  };
  const usageOf = (part: unknown) => JSON.parse(new TextDecoder().decode((part as { data: Uint8Array }).data)) as unknown;

  it('ends the answer with a usage part of VS Code’s class holding the server’s counts', async () => {
    server.script(textTurn('Sunny.', { chunks: 3, usage: { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 } }));
    const parts = await respond([user(new api.LanguageModelTextPart('Weather?'))]);
    const last = parts.at(-1);
    assert.ok(last instanceof api.LanguageModelDataPart, 'the last part is a LanguageModelDataPart');
    assert.equal(last.mimeType, 'usage');
    assert.deepEqual(usageOf(last), { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 });
    assert.equal(parts.filter((part) => part instanceof api.LanguageModelDataPart).length, 1, 'one usage part, at the end');
    assert.equal(parts.filter((part) => part instanceof api.LanguageModelTextPart).map((part) => (part as { value: string }).value).join(''), 'Sunny.');
  });

  it('carries a real server’s usage with its cached and reasoning tokens (DeepSeek’s recorded stream)', async () => {
    const deepseek = recorded('deepseek/tool-call-after-reasoning-stream');
    server.script(replayTurn(deepseek.body));
    const parts = await respond([user(new api.LanguageModelTextPart('Weather?'))]);
    assert.deepEqual(usageOf(parts.at(-1)), { prompt_tokens: 374, completion_tokens: 61, total_tokens: 435, prompt_tokens_details: { cached_tokens: 256 }, completion_tokens_details: { reasoning_tokens: 17 } });
  });

  it('reports no usage part when the server sent no usage (Ollama’s recorded stream)', async () => {
    const ollama = recorded('ollama/tool-call-as-text-one-chunk');
    server.script(replayTurn(ollama.body));
    const parts = await respond([user(new api.LanguageModelTextPart('List the files.'))]);
    assert.ok(parts.length > 0 && parts.every((part) => part instanceof api.LanguageModelTextPart), `only text parts: ${parts.map((part) => (part as object).constructor.name).join(', ')}`);
  });

  describe('the token count', () => {
    let counting: http.Server;
    let countingUrl: string;
    let llama: ReferenceServer;
    const tokenizeCalls: string[] = [];
    /** The server's tokenizer: a token per character, far from our estimate's, so the two are told apart. */
    const serverTokens = (text: string) => text.length;

    // llama.cpp's discovery (/props answered: a server that counts) from the reference server, and its /tokenize
    // answered in front of it (the reference server has none), as llama.cpp answers: the token ids.
    before(async () => {
      llama = await startReferenceServer({ discovery: 'llama.cpp' });
      counting = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks);
          if (request.method === 'POST' && request.url === '/tokenize') {
            const content = String((JSON.parse(body.toString('utf8')) as { content?: unknown }).content ?? '');
            tokenizeCalls.push(content);
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ tokens: Array.from({ length: serverTokens(content) }, (_, index) => index + 1) }));
            return;
          }
          const forwarded = http.request(`${llama.url}${request.url ?? '/'}`, { method: request.method, headers: { ...request.headers, host: new URL(llama.url).host } }, (upstream) => {
            response.writeHead(upstream.statusCode ?? 502, upstream.headers);
            upstream.pipe(response);
          });
          forwarded.end(body);
        });
      });
      await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
      countingUrl = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
    });
    after(async () => {
      await new Promise<void>((resolve) => counting.close(() => resolve()));
      await llama.close();
    });
    beforeEach(() => {
      tokenizeCalls.length = 0;
      host.state.layers.user['askModel.profiles'] = [{ name: 'Local', baseUrl: countingUrl, model: 'local' }];
    });

    const until = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
      for (let tries = 0; tries < 200; tries++) {
        const value = await probe();
        if (value !== undefined) return value;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`never: ${what}`);
    };

    it('is the server’s own where the catalogue says it counts (the estimate until it has answered), and never throws', async () => {
      const provider = models();
      const listed = await provider.information({ silent: true } as never, token as never);
      const model = listed.find((entry) => entry.profile === 'Local');
      assert.ok(model, listed.map((entry) => entry.id).join(', '));
      const text = 'function add(a: number, b: number) { return a + b; }';
      assert.notEqual(serverTokens(text), estimateTextTokens(text), 'the fake tokenizer differs from the estimate');
      assert.equal(await provider.countTokens(model, text, token as never), estimateTextTokens(text), 'the first count does not wait for the server');
      const counted = await until(async () => {
        const count = await provider.countTokens(model, text, token as never);
        return count === serverTokens(text) ? count : undefined;
      }, 'the server’s count');
      assert.equal(counted, serverTokens(text));
      assert.equal(tokenizeCalls.filter((call) => call === text).length, 1, 'the text was counted once, and kept');
      const message = user(new api.LanguageModelTextPart(text), new api.LanguageModelDataPart(bytes('ephemeral'), 'cache_control'));
      assert.equal(await provider.countTokens(model, message as never, token as never), serverTokens(text) + 4, 'a message is its texts plus the marks per message; the marker counts nothing');
    });

    it('stays the estimate for a server that does not count', async () => {
      host.state.layers.user['askModel.profiles'] = [];
      const provider = models();
      const text = 'hello world, '.repeat(20);
      const model = { profile: 'Default', model: 'default-model' } as never;
      assert.equal(await provider.countTokens(model, text, token as never), estimateTextTokens(text));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(await provider.countTokens(model, text, token as never), estimateTextTokens(text));
      assert.equal(server.requests.filter((request) => request.method === 'POST').length, 0, 'nothing was asked of a server the catalogue does not say counts');
    });
  });
});
