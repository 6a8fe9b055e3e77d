// Finding local servers: the probe's addresses come from constants and are loopback only; what answered is named
// from recorded discovery bodies (test/fixtures/discovery and test/fixtures/local-servers), never from bodies we wrote.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findLocalServers } from '../../../src/core/discovery/findLocalServers';
import { identifyLocalServer, IDENTITY_PATHS, LOCAL_SERVER_PORTS, LOOPBACK_HOSTS, probeTargets, profileNameFor, type LocalServer, type ProbeTarget } from '../../../src/core/discovery/localServers';
import type { IdentityReply } from '../../../src/core/discovery/localServers';

const FIXTURES = path.resolve(__dirname, '..', '..', 'fixtures');
const body = (relative: string): unknown => JSON.parse((JSON.parse(fs.readFileSync(path.join(FIXTURES, relative), 'utf8')) as { body: string }).body);
const ok = (json: unknown): IdentityReply => ({ status: 200, json });
const notFound: IdentityReply = { status: 404, json: { detail: 'Not Found' } };
const target = (port: number): ProbeTarget => probeTargets().find((candidate) => candidate.port === port && candidate.host === '127.0.0.1') as ProbeTarget;

describe('local servers: where the probe asks', () => {
  it('asks only loopback hosts, at every documented default port, over plain http', () => {
    const targets = probeTargets([45678]);
    assert.equal(targets.length, LOOPBACK_HOSTS.length * (LOCAL_SERVER_PORTS.length + 1));
    for (const candidate of targets) {
      for (const endpointPath of Object.values(IDENTITY_PATHS)) {
        const url = new URL(`${candidate.root}${endpointPath}`);
        assert.ok(['127.0.0.1', '[::1]'].includes(url.hostname), `${url.href} is not loopback`);
        assert.equal(url.protocol, 'http:');
        assert.equal(url.username + url.password, '');
      }
    }
    const ports = LOCAL_SERVER_PORTS.map((known) => known.port);
    for (const port of [11434, 1234, 8080, 8000, 4000, 1337]) assert.ok(ports.includes(port), `port ${port}`);
  });

  it('takes extra ports only as ports: the host stays loopback, and a bad port is refused with what is wrong', () => {
    assert.deepEqual(
      probeTargets([9999]).filter((candidate) => candidate.port === 9999).map((candidate) => candidate.root),
      ['http://127.0.0.1:9999', 'http://[::1]:9999'],
    );
    for (const bad of [0, 70000, 1.5, Number.NaN]) assert.throws(() => probeTargets([bad]), /is not a port: give a whole number from 1 to 65535/);
  });
});

describe('local servers: naming what answered, from recorded bodies', () => {
  it('Ollama from its /api/tags (models with digests), with the pulled models', () => {
    const tags = body('discovery/ollama-tags/api-docs-example.json');
    const server = identifyLocalServer(target(11434), { models: notFound, ollamaTags: ok(tags), llamaCppProps: notFound });
    assert.equal(server?.kind, 'ollama');
    assert.equal(server?.label, 'Ollama');
    assert.equal(server?.baseUrl, 'http://127.0.0.1:11434');
    assert.deepEqual(server?.models, ['deepseek-r1:latest', 'llama3.2:latest']);
  });

  it('LM Studio from its /api/v0/models (each model with its load state)', () => {
    for (const fixture of ['discovery/lmstudio-models/rest-v0-docs-example.json', 'discovery/lmstudio-models/gemma-4-loaded-200k-of-262k.json']) {
      const server = identifyLocalServer(target(1234), { models: ok(body('discovery/openai-models/lm-studio-ids-only.json')), lmStudioModels: ok(body(fixture)) });
      assert.equal(server?.kind, 'lm-studio', fixture);
      assert.ok((server?.models ?? []).includes('phi-3.1-mini-128k-instruct'), 'the models come from /v1/models');
    }
  });

  it('llama.cpp from its /props, with its build', () => {
    const props = body('discovery/llamacpp-props/readme-example.json') as { build_info?: string };
    const server = identifyLocalServer(target(8080), { models: ok(body('discovery/openai-models/llama.cpp-readme-example.json')), llamaCppProps: ok(props), ollamaTags: notFound });
    assert.equal(server?.kind, 'llama.cpp');
    assert.equal(server?.label, props.build_info ? `llama.cpp ${props.build_info}` : 'llama.cpp');
    assert.deepEqual(server?.models, ['../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf']);
  });

  it('vLLM from its /v1/models (owned_by "vllm"), every other endpoint 404', () => {
    const server = identifyLocalServer(target(8000), { models: ok(body('discovery/openai-models/vllm-max-model-len.json')), liteLlmReadiness: notFound, ollamaTags: notFound, lmStudioModels: notFound, llamaCppProps: notFound });
    assert.equal(server?.kind, 'vllm');
    assert.deepEqual(server?.models, ['meta-llama/Meta-Llama-3.1-8B-Instruct']);
  });

  it('LiteLLM from its readiness (litellm_version), even when its model list wants a key', () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'local-servers/litellm-readiness-docs-example.json'), 'utf8')) as { body: string; expected: { kind: string; label: string } };
    const server = identifyLocalServer(target(4000), { models: { status: 401, json: { error: { message: 'Authentication Error, No api key passed in.' } } }, liteLlmReadiness: ok(JSON.parse(fixture.body)) });
    assert.equal(server?.kind, fixture.expected.kind);
    assert.equal(server?.label, fixture.expected.label);
    assert.equal(server?.needsKey, true);
    assert.equal(server?.models, undefined);
  });

  it('a model list and nothing else is an OpenAI-compatible server, named with who usually has the port', () => {
    const server = identifyLocalServer(target(1337), { models: ok(body('discovery/openai-models/deepseek-ids-only.json')) });
    assert.equal(server?.kind, 'openai-compatible');
    assert.equal(server?.label, 'OpenAI-compatible server (port 1337 is usually Jan)');
  });

  it('an address that answers no model list and no identity (a web page on 8080) is not a model server', () => {
    const page: IdentityReply = { status: 200, json: undefined };
    assert.equal(identifyLocalServer(target(8080), { models: page, liteLlmReadiness: page, ollamaTags: page, lmStudioModels: page, llamaCppProps: page }), undefined);
    assert.equal(identifyLocalServer(target(8080), { models: notFound }), undefined);
  });
});

describe('local servers: the probe', () => {
  it('asks every target, names each server once per port (IPv4 kept), and never asks a non-loopback URL', async () => {
    const asked: string[] = [];
    const answers: Record<string, unknown> = {
      'http://127.0.0.1:11434/api/tags': body('discovery/ollama-tags/api-docs-example.json'),
      'http://[::1]:11434/api/tags': body('discovery/ollama-tags/api-docs-example.json'),
      'http://127.0.0.1:8000/v1/models': body('discovery/openai-models/vllm-max-model-len.json'),
    };
    const live = new Set(['127.0.0.1:11434', '[::1]:11434', '127.0.0.1:8000']);
    const servers = await findLocalServers({
      request: async (url) => {
        asked.push(url);
        const parsed = new URL(url);
        if (!live.has(parsed.host)) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
        return url in answers ? { status: 200, json: answers[url] } : notFound;
      },
    });
    for (const url of asked) assert.ok(['127.0.0.1', '[::1]'].includes(new URL(url).hostname), url);
    assert.deepEqual(
      servers.map((server: LocalServer) => [server.kind, server.baseUrl]),
      [
        ['ollama', 'http://127.0.0.1:11434'],
        ['vllm', 'http://127.0.0.1:8000'],
      ],
    );
    // A refused address is asked its model list only.
    assert.deepEqual(asked.filter((url) => url.startsWith('http://127.0.0.1:1234/')), ['http://127.0.0.1:1234/v1/models']);
  });

  it('a silent port costs one time limit, not more: every address is asked at once, and when that limit passes the search ends', async () => {
    // The time limits are the test's: each request's ends only when the test says its 100 ms have passed.
    const limits: { ms: number; passed: AbortController }[] = [];
    const asked: string[] = [];
    const search = findLocalServers({
      timeoutMs: 100,
      timeLimit: (ms) => {
        const passed = new AbortController();
        limits.push({ ms, passed });
        return passed.signal;
      },
      request: (url, signal) => {
        asked.push(url);
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    const targets = probeTargets();
    assert.deepEqual(asked, targets.map((candidate) => `${candidate.root}${IDENTITY_PATHS.models}`), 'every address asked its model list before any limit passed');
    assert.deepEqual(limits.map((limit) => limit.ms), targets.map(() => 100));
    // 100 ms pass: every limit set so far ends, and with them the search.
    for (const { passed } of limits) passed.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(asked.length, targets.length, 'a silent address is not asked the identity endpoints after its model list');
    assert.equal(limits.length, targets.length, 'no second round of requests, so no second time limit');
    assert.deepEqual(await search, []);
  });

  it('names a new profile after the server, without clashing with a profile there is', () => {
    const server = identifyLocalServer(target(11434), { ollamaTags: ok(body('discovery/ollama-tags/api-docs-example.json')), models: notFound }) as LocalServer;
    assert.equal(profileNameFor(server, new Set()), 'Ollama');
    assert.equal(profileNameFor(server, new Set(['ollama'])), 'Ollama (11434)');
    assert.equal(profileNameFor(server, new Set(['ollama', 'ollama (11434)'])), 'Ollama (11434) 2');
  });
});
