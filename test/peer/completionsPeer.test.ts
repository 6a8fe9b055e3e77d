// Fill-in-the-middle against a real llama.cpp server: the kit's llama-server with our FIM test model
// (test/support/peer/gen-fim-model.mjs), whose every FIM prompt is answered with FIM_TEST_MIDDLE. First over raw
// fetch, so that these tests pin what the server itself sends (field names, framing, where generation stops)
// independently of our code, and test/fixtures/peer-fim holds the same exchanges as captured bytes; then through our
// completion client and engine (src/core/completions), the bodies they build and the answers they read.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompletionClient } from '../../src/core/completions/completionClient';
import { CompletionEngine } from '../../src/core/completions/completionEngine';
import { ENDPOINT_RECORDS } from '../../src/core/completions/completionEndpoints';
import { fimTemplateFor } from '../../src/core/catalogue/fimTemplates';
import type { CompletionEndpoint } from '../../src/core/settings/completionEndpointSetting';
import { endpointUrl, type SuffixStyle } from '../../src/core/completions/completionEndpoints';
import type { CompletionInput } from '../../src/core/completions/completionInput';
import { classifyCompletionFailure } from '../../src/core/completions/completionFailure';
import { FIM_TEST_MIDDLE, startPeerOrSkip, type Peer } from '../support/peer/startPeer';
import { completionChatRequest } from '../support/completionChatRequest';

const FIXTURES = join(__dirname, '..', 'fixtures', 'peer-fim');

/** The request of the fixtures and of an editor typing in `function add`: one other file as extra context. */
const INFILL_REQUEST = {
  input_prefix: 'function add(a, b) {\n  ',
  input_suffix: '\n}\n',
  input_extra: [{ filename: 'util.ts', text: 'export const x = 1;\n' }],
  n_predict: 16,
  cache_prompt: true,
};
/** Qwen2.5-Coder's raw FIM prompt for the same hole (what our Qwen family template renders). */
const QWEN_FIM_PROMPT = '<|fim_prefix|>function add(a, b) {\n  <|fim_suffix|>\n}\n<|fim_middle|>';
/** The middle as the model generates it, one token per piece; the last token is <|endoftext|>, which renders as nothing. */
const MIDDLE_PIECES = ['return', ' a +', ' b', ';', ''];

interface Exchange {
  status: number;
  contentType: string;
  body: string;
}

type Json = Record<string, unknown>;

async function post(peer: Peer, path: string, body: unknown): Promise<Exchange> {
  const response = await fetch(`${peer.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

function whole(exchange: Exchange): Json {
  assert.equal(exchange.status, 200, exchange.body);
  assert.equal(exchange.contentType, 'application/json; charset=utf-8');
  return JSON.parse(exchange.body) as Json;
}

/**
 * The events of a streamed answer. llama.cpp frames each as one `data: <json>` line and a blank line, with no `event:`,
 * `id:` or comment lines; /v1 endpoints end with `data: [DONE]`, its own /infill and /completion do not.
 */
function events(exchange: Exchange, endsWithDone: boolean): Json[] {
  assert.equal(exchange.status, 200, exchange.body);
  assert.equal(exchange.contentType, 'text/event-stream');
  assert.match(exchange.body, /^(data: [^\n]+\n\n)+$/, 'only `data:` lines, each followed by a blank line');
  const data = exchange.body
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => frame.slice('data: '.length));
  assert.equal(data.at(-1) === '[DONE]', endsWithDone, `the stream ${endsWithDone ? 'ends' : 'does not end'} with data: [DONE]`);
  return (endsWithDone ? data.slice(0, -1) : data).map((text) => JSON.parse(text) as Json);
}

/** llama.cpp's own `timings`, on every finished answer of all three endpoints (a streamed one: on its last event). */
function assertTimings(value: unknown, predicted: number): void {
  const timings = value as Json;
  for (const field of ['cache_n', 'prompt_n', 'prompt_ms', 'prompt_per_token_ms', 'prompt_per_second', 'predicted_n', 'predicted_ms', 'predicted_per_token_ms', 'predicted_per_second']) {
    assert.equal(typeof timings[field], 'number', `timings.${field}`);
  }
  assert.equal(timings['predicted_n'], predicted);
}

describe('a real llama.cpp server answering fill-in-the-middle requests', function () {
  this.timeout(240_000);
  let peer: Peer;

  before(async function () {
    peer = await startPeerOrSkip(this, { model: 'fim' });
  });
  after(async () => {
    await peer?.stop();
  });

  describe('POST /infill', () => {
    it('answers the fixed middle, stopped by the end-of-generation token, with the prompt it built from input_extra', async () => {
      const answer = whole(await post(peer, '/infill', INFILL_REQUEST));
      assert.equal(answer['content'], FIM_TEST_MIDDLE);
      assert.equal(answer['stop'], true);
      assert.equal(answer['stop_type'], 'eos');
      assert.equal(answer['stopping_word'], '');
      assert.equal(answer['truncated'], false);
      assert.equal(answer['model'], peer.model);
      // The end token is counted although it adds no text.
      assert.equal(answer['tokens_predicted'], MIDDLE_PIECES.length);
      assert.equal(typeof answer['tokens_evaluated'], 'number');
      // Qwen's repo-level layout: the model's fim_rep and fim_sep tokens make llama.cpp put each extra file under
      // <|file_sep|> and name the current file `filename` (the request has no field for its real name).
      assert.equal(
        answer['prompt'],
        '<|repo_name|>myproject\n<|file_sep|>util.ts\nexport const x = 1;\n<|file_sep|>filename\n<|fim_prefix|>function add(a, b) {\n  <|fim_suffix|>\n}\n<|fim_middle|>',
      );
      assertTimings(answer['timings'], MIDDLE_PIECES.length);
    });

    it('streams the middle one token per event; the last event carries stop, stop_type and timings, and no [DONE] follows', async () => {
      const all = events(await post(peer, '/infill', { ...INFILL_REQUEST, stream: true }), false);
      const last = all.at(-1) ?? {};
      const pieces = all.slice(0, -1);
      assert.deepEqual(
        pieces.map((event) => event['content']),
        MIDDLE_PIECES,
      );
      for (const event of pieces) {
        assert.equal(event['stop'], false);
        assert.equal(event['id_slot'], -1);
        assert.equal((event['tokens'] as unknown[]).length, 1, 'each event names the one token it carries');
      }
      assert.equal(last['content'], '');
      assert.equal(last['stop'], true);
      assert.equal(last['stop_type'], 'eos');
      assert.equal(last['model'], peer.model);
      assertTimings(last['timings'], MIDDLE_PIECES.length);
      assert.equal(all.map((event) => event['content']).join(''), FIM_TEST_MIDDLE);
    });

    it('ends at n_predict with stop_type "limit", and at a stop word with stop_type "word" (the word not in content)', async () => {
      const limited = whole(await post(peer, '/infill', { ...INFILL_REQUEST, n_predict: 2 }));
      assert.equal(limited['content'], 'return a +');
      assert.equal(limited['stop_type'], 'limit');
      const stopped = whole(await post(peer, '/infill', { ...INFILL_REQUEST, stop: [';'] }));
      assert.equal(stopped['content'], 'return a + b');
      assert.equal(stopped['stop_type'], 'word');
      assert.equal(stopped['stopping_word'], ';');
    });

    it('accepts and ignores what it does not know (model, metadata) and refuses a malformed input_extra with a 400', async () => {
      const answer = whole(await post(peer, '/infill', { ...INFILL_REQUEST, model: 'any-name', metadata: { tags: ['ask-model-test'] }, stream: false }));
      assert.equal(answer['content'], FIM_TEST_MIDDLE);
      assert.equal(answer['model'], peer.model, 'the answer names the server\'s alias, not the model asked for');
      const refused = await post(peer, '/infill', { ...INFILL_REQUEST, input_extra: [{ filename: 'util.ts', text: 1 }] });
      assert.equal(refused.status, 400);
      assert.deepEqual(JSON.parse(refused.body), {
        error: { code: 400, message: 'extra_context chunk must contain a "text" field with a string value', type: 'invalid_request_error' },
      });
      // input_prefix and input_suffix are both required, even when empty.
      const noSuffix = await post(peer, '/infill', { input_prefix: 'x' });
      assert.equal(noSuffix.status, 400);
      assert.match(noSuffix.body, /key 'input_suffix' not found/);
    });
  });

  describe('POST /completion (llama.cpp\'s own) with the raw Qwen FIM prompt', () => {
    it('answers the fixed middle: the special tokens in a prompt are parsed as tokens', async () => {
      const answer = whole(await post(peer, '/completion', { prompt: QWEN_FIM_PROMPT, n_predict: 16 }));
      assert.equal(answer['content'], FIM_TEST_MIDDLE);
      assert.equal(answer['stop_type'], 'eos');
      assert.equal(answer['prompt'], QWEN_FIM_PROMPT);
      assertTimings(answer['timings'], MIDDLE_PIECES.length);
    });

    it('streams it in /infill\'s framing', async () => {
      const all = events(await post(peer, '/completion', { prompt: QWEN_FIM_PROMPT, n_predict: 16, stream: true }), false);
      assert.deepEqual(
        all.map((event) => event['content']),
        [...MIDDLE_PIECES, ''],
      );
      assert.equal(all.at(-1)?.['stop_type'], 'eos');
    });
  });

  describe('POST /v1/completions', () => {
    it('answers the fixed middle to the raw Qwen FIM prompt, as an OpenAI text completion with usage and timings', async () => {
      const answer = whole(await post(peer, '/v1/completions', { model: peer.model, prompt: QWEN_FIM_PROMPT, max_tokens: 16 }));
      assert.equal(answer['object'], 'text_completion');
      assert.deepEqual(answer['choices'], [{ text: FIM_TEST_MIDDLE, index: 0, logprobs: null, finish_reason: 'stop' }]);
      assert.equal(answer['model'], peer.model);
      const usage = answer['usage'] as Json;
      assert.equal(usage['completion_tokens'], MIDDLE_PIECES.length);
      assert.equal(usage['total_tokens'], (usage['prompt_tokens'] as number) + MIDDLE_PIECES.length);
      assert.match(String(answer['id']), /^chatcmpl-/, 'llama.cpp names a text completion like a chat completion');
      assert.match(String(answer['system_fingerprint']), /^b\d+/);
      assertTimings(answer['timings'], MIDDLE_PIECES.length);
    });

    it('streams it as text_completion chunks; the last has finish_reason, usage and timings, then data: [DONE]', async () => {
      const all = events(await post(peer, '/v1/completions', { model: peer.model, prompt: QWEN_FIM_PROMPT, max_tokens: 16, stream: true }), true);
      const choices = all.map((event) => (event['choices'] as Json[])[0] ?? {});
      assert.deepEqual(
        choices.map((choice) => choice['text']),
        [...MIDDLE_PIECES, ''],
      );
      assert.deepEqual(
        choices.map((choice) => choice['finish_reason']),
        [...MIDDLE_PIECES.map(() => null), 'stop'],
      );
      for (const event of all) assert.equal(event['object'], 'text_completion');
      const last = all.at(-1) ?? {};
      // Usage comes without stream_options.include_usage, on the finishing chunk itself (no choices: [] chunk).
      assert.equal((last['usage'] as Json)['completion_tokens'], MIDDLE_PIECES.length);
      assertTimings(last['timings'], MIDDLE_PIECES.length);
      assert.equal(all.slice(0, -1).some((event) => 'usage' in event), false);
    });

    it('ends at max_tokens with finish_reason "length"', async () => {
      const answer = whole(await post(peer, '/v1/completions', { model: peer.model, prompt: QWEN_FIM_PROMPT, max_tokens: 2 }));
      assert.equal((answer['choices'] as Json[])[0]?.['text'], 'return a +');
      assert.equal((answer['choices'] as Json[])[0]?.['finish_reason'], 'length');
    });

    it('accepts `suffix` and silently ignores it: the prompt alone is completed, as if no suffix had been sent', async () => {
      const plain = { model: peer.model, prompt: INFILL_REQUEST.input_prefix, max_tokens: 16 };
      const withSuffix = whole(await post(peer, '/v1/completions', { ...plain, suffix: INFILL_REQUEST.input_suffix }));
      const without = whole(await post(peer, '/v1/completions', plain));
      // No error, no FIM prompt built from it: the same prompt tokens and the same answer. This model ends a prompt
      // that is not a FIM prompt at once, so the answer is empty; a real model would continue the prefix instead.
      assert.deepEqual(withSuffix['choices'], [{ text: '', index: 0, logprobs: null, finish_reason: 'stop' }]);
      assert.deepEqual(withSuffix['choices'], without['choices']);
      assert.equal((withSuffix['usage'] as Json)['prompt_tokens'], (without['usage'] as Json)['prompt_tokens']);
      // Not even its type is checked.
      assert.equal(whole(await post(peer, '/v1/completions', { ...plain, prompt: QWEN_FIM_PROMPT, suffix: 5 }))['object'], 'text_completion');
    });
  });

  describe('through our completion client and engine', () => {
    /** What the host hands the engine for the cursor in `function add`: a Qwen coder model name picks Qwen's template. */
    const input = (model: string): Omit<CompletionInput, 'multiline'> => ({
      model,
      prefix: INFILL_REQUEST.input_prefix,
      suffix: INFILL_REQUEST.input_suffix,
      filename: 'src/add.ts',
      languageId: 'typescript',
      chunks: INFILL_REQUEST.input_extra,
      maxTokens: 16,
      template: fimTemplateFor(model),
      metadata: { tags: ['ask-model-test'], generation_name: 'completions-peer', trace_user_id: 'ci' },
      modelBody: undefined,
      chatRequest: completionChatRequest(model),
    });
    const client = (): CompletionClient => new CompletionClient({ fetch: globalThis.fetch, baseUrl: peer.baseUrl });
    /** One request as the engine would send it for `endpoint` asked in `style`, multi-line as this cursor is. */
    const send = (endpoint: CompletionEndpoint, style: SuffixStyle, extra: Record<string, unknown> = {}) => {
      const sender = client();
      const body = { ...ENDPOINT_RECORDS[endpoint].body({ ...input('qwen2.5-coder-1.5b'), multiline: true }, style), ...extra };
      return sender.send(endpointUrl(endpoint, sender.urls), body, new AbortController().signal);
    };

    for (const stream of [false, true]) {
      it(`/infill: the client reads the fixed middle, stop and usage (${stream ? 'streamed, no [DONE]' : 'whole'})`, async () => {
        const answer = await send('infill', 'field', { stream });
        assert.deepEqual(answer, { text: FIM_TEST_MIDDLE, finishReason: 'stop', usage: { prompt_tokens: 77, completion_tokens: MIDDLE_PIECES.length }, model: peer.model });
      });

      it(`/v1/completions with Qwen's raw FIM prompt: the client reads the fixed middle (${stream ? 'streamed' : 'whole'})`, async () => {
        const answer = await send('completions', 'template', { stream });
        assert.deepEqual(answer, { text: FIM_TEST_MIDDLE, finishReason: 'stop', usage: { prompt_tokens: 27, completion_tokens: MIDDLE_PIECES.length }, model: peer.model });
      });
    }

    it('/v1/completions with `suffix`: a 200 whose text ignores the suffix, not a refusal the engine could move on from', async () => {
      // What the server does with the engine's `field` request: the prefix alone is completed (here: nothing). So on
      // llama.cpp a `field` answer is no sign the server honoured `suffix`; only /infill or the raw prompt fill the middle.
      const answer = await send('completions', 'field');
      assert.deepEqual(answer, { text: '', finishReason: 'stop', usage: { prompt_tokens: 21, completion_tokens: 1 }, model: peer.model });
    });

    it('the engine, left to choose (auto), finds /infill first and suggests the fixed middle', async () => {
      const urls: string[] = [];
      const recording: typeof globalThis.fetch = async (url, init) => {
        urls.push(String(url));
        return globalThis.fetch(url, init);
      };
      const logged: string[] = [];
      const log = { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line), debug: () => undefined };
      const engine = new CompletionEngine({ debounceMs: () => 0, log });
      const model = 'qwen2.5-coder-1.5b';
      const suggestion = await engine.suggest({
        server: `${peer.baseUrl} ${model}`,
        sender: new CompletionClient({ fetch: recording, baseUrl: peer.baseUrl }),
        endpoint: 'auto',
        input: input(model),
        maxLines: 10,
      });
      assert.equal(suggestion?.text, FIM_TEST_MIDDLE, logged.join('\n'));
      assert.equal(suggestion?.cached, false);
      assert.deepEqual(urls, [`${peer.baseUrl}/infill`]);
      assert.ok(logged.some((line) => line.includes('completes with POST /infill')), logged.join('\n'));
      assert.deepEqual(engine.currentStatus, { kind: 'ready' });
    });
  });

  it('still sends what test/fixtures/peer-fim recorded: the same fields, pieces and framing', async () => {
    const cases: [string, string, Json][] = [
      ['infill', '/infill', INFILL_REQUEST],
      ['infill-stream', '/infill', { ...INFILL_REQUEST, stream: true }],
      ['completion', '/completion', { prompt: QWEN_FIM_PROMPT, n_predict: 16 }],
      ['completion-stream', '/completion', { prompt: QWEN_FIM_PROMPT, n_predict: 16, stream: true }],
      ['v1-completions', '/v1/completions', { model: peer.model, prompt: QWEN_FIM_PROMPT, max_tokens: 16 }],
      ['v1-completions-stream', '/v1/completions', { model: peer.model, prompt: QWEN_FIM_PROMPT, max_tokens: 16, stream: true }],
      ['v1-completions-suffix', '/v1/completions', { model: peer.model, prompt: INFILL_REQUEST.input_prefix, suffix: INFILL_REQUEST.input_suffix, max_tokens: 16 }],
    ];
    for (const [name, path, request] of cases) {
      const recorded = readFileSync(join(FIXTURES, `${name}.txt`), 'utf8');
      const live = (await post(peer, path, request)).body;
      // Ids, times, rates and cache counts differ from run to run; everything else is this build's and model's.
      assert.deepEqual(shapeOf(live), shapeOf(recorded), name);
    }
  });
});

/** A body with the values that vary between runs blanked, frame by frame for a stream. */
function shapeOf(body: string): unknown {
  const VARYING = new Set(['id', 'created', 'timings', 'tokens_cached', 'prompt_tokens_details']);
  const blank = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(blank);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, VARYING.has(key) ? typeof inner : blank(inner)]));
  };
  const frames = body.startsWith('data: ') ? body.split('\n\n').filter((frame) => frame !== '').map((frame) => frame.slice('data: '.length)) : [body];
  return frames.map((frame) => (frame === '[DONE]' ? frame : blank(JSON.parse(frame))));
}

describe('a real llama.cpp server whose model has no FIM tokens', function () {
  this.timeout(240_000);
  let peer: Peer;

  before(async function () {
    peer = await startPeerOrSkip(this);
  });
  after(async () => {
    await peer?.stop();
  });

  it('refuses /infill with 501 not_supported_error, naming each missing token (streamed or not)', async function () {
    if (!peer.deterministic) this.skip(); // a server named by ASK_MODEL_PEER_URL may well have FIM tokens, or no /infill
    for (const stream of [false, true]) {
      const refused = await post(peer, '/infill', { ...INFILL_REQUEST, stream });
      assert.equal(refused.status, 501);
      assert.equal(refused.contentType, 'application/json; charset=utf-8');
      assert.equal(refused.body, readFileSync(join(FIXTURES, 'infill-model-without-fim.txt'), 'utf8'));
    }
  });

  it('our client reads that refusal as "not here", so the engine tries the next way', async function () {
    if (!peer.deterministic) this.skip();
    const sender = new CompletionClient({ fetch: globalThis.fetch, baseUrl: peer.baseUrl });
    const body = { ...INFILL_REQUEST, model: peer.model };
    const error = await sender.send(`${sender.urls.root}/infill`, body, new AbortController().signal).then(
      () => assert.fail('llama.cpp answered /infill for a model without FIM tokens'),
      (refusal: unknown) => refusal,
    );
    assert.equal(classifyCompletionFailure(error, body, peer.model).kind, 'no-endpoint', String(error));
  });
});
