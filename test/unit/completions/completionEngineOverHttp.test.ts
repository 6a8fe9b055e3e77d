// The engine with the real CompletionClient against the reference server over loopback HTTP, answering as a kind of
// server does: what `auto` asks, in order, and what it remembers.
import assert from 'node:assert/strict';
import { fimTemplateFor } from '../../../src/core/catalogue/fimTemplates';
import { CompletionClient } from '../../../src/core/completions/completionClient';
import { CompletionEngine, type CompletionStatus, type SuggestRequest } from '../../../src/core/completions/completionEngine';
import { completionChatRequest } from '../../support/completionChatRequest';
import { DEFAULT_MIDDLE_TEXT, startReferenceServer, type ReferenceServer } from '../../support/referenceServer';

const MODEL = 'qwen2.5-coder:7b';

describe('CompletionEngine over HTTP', () => {
  let server: ReferenceServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function harness(baseUrl: string) {
    const warnings: string[] = [];
    const statuses: CompletionStatus[] = [];
    const engine = new CompletionEngine({
      debounceMs: () => 0,
      log: { info: () => undefined, warn: (line) => warnings.push(line), debug: () => undefined },
      onStatus: (status) => statuses.push(status),
    });
    const sender = new CompletionClient({ fetch: globalThis.fetch, baseUrl });
    let typed = 0;
    const request = (): SuggestRequest => ({
      server: `${baseUrl} ${MODEL}`,
      sender,
      endpoint: 'auto',
      input: {
        model: MODEL,
        // A new place each keystroke: the cache must not answer for it.
        prefix: `def add(a, b):\n    total${typed++} = `,
        suffix: '\n    return total\n',
        filename: 'add.py',
        languageId: 'python',
        chunks: [],
        maxTokens: 32,
        template: fimTemplateFor(MODEL),
        metadata: undefined,
        modelBody: undefined,
        chatRequest: completionChatRequest(MODEL),
      },
      maxLines: 8,
    });
    return { engine, request, warnings, statuses };
  }

  it('reaches /v1/completions on a server that answers the routes it lacks with 200 and an error (LM Studio), and goes straight there after', async () => {
    server = await startReferenceServer({ unknownRoutes: 'lm-studio', completions: { routes: ['v1-completions'] } });
    const { engine, request, warnings, statuses } = harness(server.url);
    const paths = () => server?.requests.map((recorded) => `${recorded.method} ${recorded.path}`);

    const first = await engine.suggest(request());
    assert.equal(first?.text, DEFAULT_MIDDLE_TEXT);
    // /api/generate's 200 "not here" is not asked again with the raw FIM prompt: one request for the endpoint.
    assert.deepEqual(paths(), ['POST /infill', 'POST /api/generate', 'POST /v1/completions']);
    assert.deepEqual(
      warnings.map((line) => line.slice(0, line.indexOf('; trying the next way'))),
      [`inline-completion: ${server.url} (${MODEL}): nothing answers POST /infill at this URL`, `inline-completion: ${server.url} (${MODEL}): nothing answers POST /api/generate at this URL`],
    );
    assert.match(warnings[0] ?? '', /Unexpected endpoint or method\. \(POST \/infill\)/, 'the server’s own words are logged');

    for (let keystroke = 0; keystroke < 19; keystroke++) assert.equal((await engine.suggest(request()))?.text, DEFAULT_MIDDLE_TEXT);
    assert.equal(server.requests.length, 3 + 19, 'one request per keystroke once found');
    assert.deepEqual(new Set(paths()?.slice(3)), new Set(['POST /v1/completions']));
    assert.ok(statuses.every((status) => status.kind === 'ready'), 'never paused, never stopped');
    assert.deepEqual(engine.chooser.planFor(`${server.url} ${MODEL}`, [{ endpoint: 'infill', style: 'field' }]), undefined, 'infill is remembered as not there');
  });
});
